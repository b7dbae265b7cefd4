"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { ZDownloadExport } from "./schemas";
import { deleteDownload } from "./services/delete-download";
import { exportRange } from "./services/export-range";

/** The list's delete (after its yes/no question); a deputy's delete is recorded as such by the service. */
export const deleteDownloadAction = authAction(
  z.object({ id: z.uuid({ error: "InvalidId" }) }),
  async ({ id }, { db, caller }) => {
    await deleteDownload(db, { caller, id });
  },
);

/** The downloads page's "archive now": the range's archive, answered so that the page downloads it at once. */
export const exportRangeAction = authAction(ZDownloadExport, async (input, { db, caller }) => exportRange(db, { caller, input }));

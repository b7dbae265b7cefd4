"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { deleteDownload } from "./services/delete-download";

/** The list's delete (after its yes/no question); a deputy's delete is recorded as such by the service. */
export const deleteDownloadAction = authAction(
  z.object({ id: z.uuid({ error: "InvalidId" }) }),
  async ({ id }, { db, caller }) => {
    await deleteDownload(db, { caller, id });
  },
);

"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { ZResourceDelete } from "./schemas";
import { deletePool } from "./services/delete-pool";
import { deleteResources } from "./services/delete-resources";

/** delete by name, or every resource of the pool without names (the portal's delete and delete all) */
export const deleteResourcesAction = authAction(ZResourceDelete, async (body, { db, caller }) =>
  deleteResources(db, { caller, body }),
);

export const deletePoolAction = authAction(
  z.object({ systemId: z.uuid({ error: "InvalidId" }), level: z.string(), poolId: z.uuid({ error: "InvalidId" }) }),
  async (input, { db, caller }) => deletePool(db, { caller, ...input }),
);

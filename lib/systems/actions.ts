"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { ZCsbTest, ZSystemConfigInput, ZSystemInput } from "./schemas";
import { createSystem } from "./services/create-system";
import { deleteSystem } from "./services/delete-system";
import { testCsbConnection } from "./services/test-csb";
import { updateSystem } from "./services/update-system";
import { updateSystemConfig } from "./services/update-system-config";

export const createSystemAction = authAction(ZSystemInput, async (input, { db, caller }) => ({
  id: (await createSystem(db, { caller, input })).id,
}));

export const updateSystemAction = authAction(ZSystemInput, async (input, { db, caller }) => ({
  id: (await updateSystem(db, { caller, input })).id,
}));

export const deleteSystemAction = authAction(
  z.object({ systemId: z.uuid({ error: "InvalidId" }) }),
  async ({ systemId }, { db, caller }) => deleteSystem(db, { caller, systemId }),
);

/** spec foundation §4 "Test status of external services": the CSB fields of the form, saved or not. */
export const testCsbAction = authAction(ZCsbTest, async (input, { db, caller }) => testCsbConnection(db, { caller, input }));

/** spec operations §2 "System configuration": the system's cognitive cloud API key. */
export const updateSystemConfigAction = authAction(ZSystemConfigInput, async (input, { db, caller }) =>
  updateSystemConfig(db, { caller, input }),
);

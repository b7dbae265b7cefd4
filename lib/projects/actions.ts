"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { ZProjectDelete, ZProjectMetadata, ZProjectProperties } from "./schemas";
import { deleteProject, regenerateSubmissionKey, renameProject, saveProjectProperties } from "./service";

const ZProjectRef = z.object({ id: z.uuid({ error: "InvalidId" }) });

export const renameProjectAction = authAction(
  ZProjectMetadata.extend(ZProjectRef.shape),
  async ({ id, ...input }, { db, caller }) => {
    await renameProject(db, { caller, id, input });
  },
);

export const savePropertiesAction = authAction(
  ZProjectProperties.extend(ZProjectRef.shape),
  async ({ id, ...input }, { db, caller }) => {
    await saveProjectProperties(db, { caller, id, input });
  },
);

export const deleteProjectAction = authAction(
  ZProjectDelete.extend(ZProjectRef.shape),
  async ({ id, ...input }, { db, caller }) => deleteProject(db, { caller, id, input }),
);

export const regenerateKeyAction = authAction(ZProjectRef, async ({ id }, { db, caller }) => ({
  key: await regenerateSubmissionKey(db, { caller, id }),
}));

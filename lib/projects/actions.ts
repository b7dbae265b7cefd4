"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { ZProjectDelete, ZProjectMetadata, ZProjectProperties } from "./schemas";
import { deleteProject } from "./services/delete-project";
import { regenerateSubmissionKey } from "./services/regenerate-submission-key";
import { renameProject } from "./services/rename-project";
import { saveProjectProperties } from "./services/save-project-properties";

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

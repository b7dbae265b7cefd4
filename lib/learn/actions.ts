"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { ZLearnMetadataForm, ZLearnProjectDelete } from "./schemas";
import { deleteLearnProject } from "./services/delete-learn-project";
import { updateLearnMetadata } from "./services/update-learn-metadata";

const ZLearnProjectRef = z.object({ id: z.uuid({ error: "InvalidId" }) });

export const updateLearnMetadataAction = authAction(
  ZLearnMetadataForm.extend(ZLearnProjectRef.shape),
  async ({ id, ...input }, { db, caller }) => {
    await updateLearnMetadata(db, { caller, id, input });
  },
);

export const deleteLearnProjectAction = authAction(
  ZLearnProjectDelete.extend(ZLearnProjectRef.shape),
  async ({ id, ...input }, { db, caller }) => {
    await deleteLearnProject(db, { caller, id, input });
  },
);

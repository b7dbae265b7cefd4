"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { LICENCE_ID_MAX, ZCsbLicence, ZLicencePatch, ZLicenceUpload, ZVirtualLicence } from "./schemas";
import { addCsbLicence } from "./services/add-csb-licence";
import { addLicenceFile } from "./services/add-licence";
import { createVirtualLicence } from "./services/create-virtual-licence";
import { deleteLicence } from "./services/delete-licence";
import { patchLicence } from "./services/patch-licence";
import { refreshCsbLicence } from "./services/refresh-csb-licence";

const ZLicenceRef = z.object({ id: z.string().min(1).max(LICENCE_ID_MAX) });

export const uploadLicenceAction = authAction(ZLicenceUpload, async (input, { db, caller }) => ({
  id: (await addLicenceFile(db, { caller, input })).id,
}));

export const addCsbLicenceAction = authAction(ZCsbLicence, async (input, { db, caller }) => ({
  id: (await addCsbLicence(db, { caller, input })).id,
}));

export const refreshLicenceAction = authAction(ZLicenceRef, async ({ id }, { db, caller }) => {
  await refreshCsbLicence(db, { caller, id });
});

export const createVirtualLicenceAction = authAction(ZVirtualLicence, async (input, { db, caller }) => ({
  id: (await createVirtualLicence(db, { caller, input })).id,
}));

export const patchLicenceAction = authAction(
  ZLicencePatch.extend(ZLicenceRef.shape),
  async ({ id, ...input }, { db, caller }) => {
    await patchLicence(db, { caller, id, input });
  },
);

export const deleteLicenceAction = authAction(ZLicenceRef, async ({ id }, { db, caller }) => deleteLicence(db, { caller, id }));

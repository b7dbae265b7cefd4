"use server";

import { requireCaller } from "@/lib/auth/web-session";
import { type ActionResult, runAction } from "@/lib/errors/action";
import { addCsbLicence } from "@/lib/licences/services/add-csb-licence";
import { addLicenceFile } from "@/lib/licences/services/add-licence";
import { createVirtualLicence } from "@/lib/licences/services/create-virtual-licence";
import { deleteLicence } from "@/lib/licences/services/delete-licence";
import { patchLicence } from "@/lib/licences/services/patch-licence";
import { refreshCsbLicence } from "@/lib/licences/services/refresh-csb-licence";
import { getDb } from "@/lib/setup/bootstrap";

export async function uploadLicenceAction(base64Licence: string): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => ({
    id: (await addLicenceFile(await getDb(), { caller: await requireCaller(), input: { base64Licence } })).id,
  }));
}

export async function addCsbLicenceAction(input: Record<string, unknown>): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => ({ id: (await addCsbLicence(await getDb(), { caller: await requireCaller(), input })).id }));
}

export async function refreshLicenceAction(id: string): Promise<ActionResult> {
  return runAction(async () => {
    await refreshCsbLicence(await getDb(), { caller: await requireCaller(), id });
  });
}

export async function createVirtualAction(input: {
  id: string;
  name: string;
  childIds: string[];
}): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => ({
    id: (await createVirtualLicence(await getDb(), { caller: await requireCaller(), input })).id,
  }));
}

export async function patchLicenceAction(id: string, input: Record<string, unknown>): Promise<ActionResult> {
  return runAction(async () => {
    await patchLicence(await getDb(), { caller: await requireCaller(), id, input });
  });
}

export async function deleteLicenceAction(id: string): Promise<ActionResult> {
  return runAction(async () => deleteLicence(await getDb(), { caller: await requireCaller(), id }));
}

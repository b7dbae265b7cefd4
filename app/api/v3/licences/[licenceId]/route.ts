import { deleteLicenceContract, getLicenceContract, patchLicenceContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readLicence } from "@/lib/licences/queries";
import { deleteLicence } from "@/lib/licences/services/delete-licence";
import { patchLicence } from "@/lib/licences/services/patch-licence";

export const GET = route(getLicenceContract, ({ db, caller, params }) => readLicence(db, caller, params.id));
export const PATCH = route(patchLicenceContract, ({ db, caller, params, body }) =>
  patchLicence(db, { caller, id: params.id, input: body }),
);
export const DELETE = route(deleteLicenceContract, async ({ db, caller, params }) => {
  await deleteLicence(db, { caller, id: params.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { licenceParentsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { assertCanReadLicences } from "@/lib/licences/access";
import { licenceParents } from "@/lib/licences/queries";

export const GET = route(licenceParentsContract, async ({ db, caller, params }) => {
  assertCanReadLicences(caller);
  return licenceParents(db, { id: params.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { licenceParentsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { licenceParents } from "@/lib/licences/queries";
import { assertCanReadLicences } from "@/lib/licences/services/read";

export const GET = route(licenceParentsContract, async ({ db, caller, params }) => {
  assertCanReadLicences(caller);
  return licenceParents(db, { id: params.id });
});

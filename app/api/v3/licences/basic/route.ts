import { listLicencesBasicContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { assertCanReadLicences } from "@/lib/licences/access";
import { listLicences } from "@/lib/licences/queries";

export const GET = route(listLicencesBasicContract, async ({ db, caller }) => {
  assertCanReadLicences(caller);
  return listLicences(db);
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

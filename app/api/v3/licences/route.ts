import { listLicencesContract, uploadLicenceContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { assertCanReadLicences } from "@/lib/licences/access";
import { getLicence, listLicences } from "@/lib/licences/queries";
import type { LicenceDto } from "@/lib/licences/schemas";
import { addLicenceFile } from "@/lib/licences/services/add-licence";

export const GET = route(listLicencesContract, async ({ db, caller }) => {
  assertCanReadLicences(caller);
  const all = await Promise.all((await listLicences(db)).map((l) => getLicence(db, { id: l.id })));
  return all.filter((l): l is LicenceDto => !!l);
});

export const POST = route(uploadLicenceContract, ({ db, caller, body }) => addLicenceFile(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

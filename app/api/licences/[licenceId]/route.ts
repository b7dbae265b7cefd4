import { getLicenceOldContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readLicence } from "@/lib/licences/queries";

export const GET = route(getLicenceOldContract, ({ db, caller, params }) => readLicence(db, caller, params.id));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { addCsbLicenceContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { addCsbLicence } from "@/lib/licences/services/add-csb-licence";

export const POST = route(addCsbLicenceContract, ({ db, caller, body }) => addCsbLicence(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

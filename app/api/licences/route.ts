import { uploadLicenceOldContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { addLicenceFile } from "@/lib/licences/services/add-licence";

export const POST = route(uploadLicenceOldContract, ({ db, caller, body }) => addLicenceFile(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { createVirtualContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { createVirtualLicence } from "@/lib/licences/services/create-virtual-licence";

export const POST = route(createVirtualContract, ({ db, caller, body }) => createVirtualLicence(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

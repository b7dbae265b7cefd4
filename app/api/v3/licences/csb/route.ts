import { addCsbLicenceContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { addCsbLicence } from "@/lib/licences/services/csb-licence";

export const POST = route(addCsbLicenceContract, ({ db, caller, body }) => addCsbLicence(db, { caller, input: body }));

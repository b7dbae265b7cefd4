import { refreshCsbLicenceContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { refreshCsbLicence } from "@/lib/licences/services/refresh-csb-licence";

export const POST = route(refreshCsbLicenceContract, ({ db, caller, params }) =>
  refreshCsbLicence(db, { caller, id: params.id }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

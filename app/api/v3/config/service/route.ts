import { getServiceConfigContract, putServiceConfigContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readServiceConfig } from "@/lib/config/queries";
import { updateServiceConfig } from "@/lib/config/services/update-service-config";

export const GET = route(getServiceConfigContract, ({ db, caller }) => readServiceConfig(db, caller));
export const PUT = route(putServiceConfigContract, ({ db, caller, body }) => updateServiceConfig(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

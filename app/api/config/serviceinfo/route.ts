import { serviceInfoContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getServiceInfo } from "@/lib/settings/store";

export const GET = route(serviceInfoContract, ({ db }) => getServiceInfo(db));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { serviceInfoContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getServiceInfo } from "@/lib/config/service-config";

export const GET = route(serviceInfoContract, ({ db }) => getServiceInfo(db));

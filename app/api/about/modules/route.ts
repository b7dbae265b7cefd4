import { externalModules } from "@/lib/about/modules";
import { modulesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";

export const GET = route(modulesContract, async () => externalModules());

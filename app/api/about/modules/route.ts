import { externalModules } from "@/lib/about/queries";
import { modulesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";

export const GET = route(modulesContract, async () => externalModules());

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

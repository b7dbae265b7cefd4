import { healthContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";

export const GET = route(healthContract, async () => ({ status: "ok" as const }));

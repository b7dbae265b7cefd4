import { healthContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";

export const GET = route(healthContract, async () => ({ status: "ok" as const }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { LOG_LEVELS } from "@/db/schema/jobs";
import { logLevelsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";

export const GET = route(logLevelsContract, async () => [...LOG_LEVELS]);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

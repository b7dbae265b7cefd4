import { JOB_STATES } from "@/db/schema/jobs";
import { jobStatesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";

export const GET = route(jobStatesContract, async () => [...JOB_STATES]);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

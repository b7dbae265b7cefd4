import { JOB_STATES } from "@/db/schema/jobs";
import { jobStatesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";

export const GET = route(jobStatesContract, async () => [...JOB_STATES]);

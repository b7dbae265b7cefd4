import { updateSchedulerContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { updateScheduler } from "@/lib/scheduler/services/update-scheduler";

export const PUT = route(updateSchedulerContract, async ({ db, caller, body }) => updateScheduler(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { getSchedulerContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readScheduler } from "@/lib/scheduler/queries";

// scheduler/tasks/… are static folders beside this one: Next matches them before [systemId]
export const GET = route(getSchedulerContract, async ({ db, caller, params }) =>
  readScheduler(db, { caller, systemId: params.systemId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

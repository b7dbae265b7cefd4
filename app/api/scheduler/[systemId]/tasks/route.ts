import { schedulerTasksContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listTasks } from "@/lib/scheduler/queries";

export const GET = route(schedulerTasksContract, async ({ db, caller, params }) =>
  listTasks(db, { caller, systemId: params.systemId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

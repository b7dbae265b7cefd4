import { createTaskContract, listTasksContract, updateTaskContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listTasks } from "@/lib/scheduler/queries";
import { createTask } from "@/lib/scheduler/services/create-task";
import { updateTask } from "@/lib/scheduler/services/update-task";

// without systemId: the caller's own system's tasks
export const GET = route(listTasksContract, async ({ db, caller, query }) =>
  listTasks(db, { caller, systemId: query.systemId ?? caller.systemId }),
);

export const POST = route(createTaskContract, async ({ db, caller, body }) => createTask(db, { caller, input: body }));

export const PUT = route(updateTaskContract, async ({ db, caller, body }) => updateTask(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

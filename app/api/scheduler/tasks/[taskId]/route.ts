import { deleteTaskContract, getTaskContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readTask } from "@/lib/scheduler/queries";
import { deleteTask } from "@/lib/scheduler/services/delete-task";

// the folder is [taskId] (the contract's {id}): functions/ beside it is static and wins
export const GET = route(getTaskContract, async ({ db, caller, params }) => readTask(db, { caller, id: params.id }));

export const DELETE = route(deleteTaskContract, async ({ db, caller, params }) => {
  await deleteTask(db, { caller, id: params.id });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

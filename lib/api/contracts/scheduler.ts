import { z } from "zod";
import { zPage, zPageSize } from "@/lib/paging";
import {
  ZScheduler,
  ZSchedulerSettings,
  ZTask,
  ZTaskFunction,
  ZTaskInput,
  ZTaskRunPage,
  ZTaskUpdate,
} from "@/lib/scheduler/schemas";
import { defineContract } from "../contract";

const uuid = (example: string) => z.uuid({ error: "InvalidId" }).meta({ example });
const SYSTEM_ID = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";
const TASK_ID = "0b8e2f9c-1d2a-4c3b-9e4f-5a6b7c8d9e0f";
const ZSystemParam = z.object({ systemId: uuid(SYSTEM_ID) });
const ZTaskParam = z.object({ id: uuid(TASK_ID) });
/** the task rules of spec §5 (lib/scheduler/schemas.ts taskRules) and the configuration's */
const TASK_RULES = [
  "scheduler_error_noConditions",
  "scheduler_error_name_empty",
  "scheduler_error_function_empty",
  "scheduler_error_dailyTime_empty",
  "scheduler_error_weeklyTime_empty",
  "scheduler_error_noWeekdays",
  "scheduler_error_invalidMinutes",
  "scheduler_error_invalidTime",
  "scheduler_error_noStoreOption",
  "scheduler_error_cleanAfterTooLow",
  "scheduler_error_invalidDuration",
  "scheduler_error_functionNotAllowed",
  "scheduler_error_nameExists",
  "InvalidJson",
] as const;
// ManageScheduler first (a system's scheduler); the Supersystem's takes AdminManageScheduler, checked by the service
const base = { tag: "Scheduler", auth: "bearer", permission: "ManageScheduler" } as const;

export const getSchedulerContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/scheduler/{systemId}",
  summary: "A system's scheduler: { id, systemId, checkInterval, tasks } (the Supersystem's is the global one)",
  params: ZSystemParam,
  response: ZScheduler,
  errors: ["SchedulerNotFound"],
});

export const updateSchedulerContract = defineContract({
  ...base,
  permission: "AdminManageScheduler",
  method: "PUT",
  path: "/api/scheduler",
  summary: "The global check interval in seconds (admin portal only)",
  body: ZSchedulerSettings,
  response: ZSchedulerSettings,
  errors: ["scheduler_error_intervalNegative"],
});

export const schedulerTasksContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/scheduler/{systemId}/tasks",
  summary: "A system's tasks, sorted by name",
  params: ZSystemParam,
  response: z.array(ZTask),
  errors: ["SchedulerNotFound"],
  // beside scheduler/tasks/{id} tools find this template ambiguous: served, documented as an alias
  aliasOf: "/api/scheduler/tasks",
});

export const listTasksContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/scheduler/tasks",
  summary: "The tasks of `systemId`, or of the caller's own system when it is omitted, sorted by name",
  query: z.object({ systemId: uuid(SYSTEM_ID).optional() }),
  response: z.array(ZTask),
  errors: ["SchedulerNotFound"],
});

export const createTaskContract = defineContract({
  ...base,
  method: "POST",
  path: "/api/scheduler/tasks",
  idempotent: true,
  summary: "Add a task (the Task without id; fields the service keeps are ignored); its next time is computed",
  body: ZTaskInput,
  response: ZTask,
  errors: [...TASK_RULES, "SchedulerNotFound", "TaskDisabled"],
});

export const updateTaskContract = defineContract({
  ...base,
  method: "PUT",
  path: "/api/scheduler/tasks",
  summary:
    "Change a task (with id). An internal task keeps its function; a new function clears the configuration unless one is sent",
  body: ZTaskUpdate,
  response: ZTask,
  errors: [...TASK_RULES, "TaskNotFound", "scheduler_error_internalFunction", "TaskDisabled"],
});

export const getTaskContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/scheduler/tasks/{id}",
  summary: "A task",
  params: ZTaskParam,
  response: ZTask,
  errors: ["TaskNotFound"],
});

export const deleteTaskContract = defineContract({
  ...base,
  method: "DELETE",
  path: "/api/scheduler/tasks/{id}",
  summary: "Delete a task and its run history (internal tasks cannot be deleted: 409)",
  params: ZTaskParam,
  errors: ["TaskNotFound", "scheduler_error_internalDelete"],
});

export const taskFunctionsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/scheduler/tasks/functions",
  summary: "The functions the scheduler of `systemId` (default: the caller's system) may use, with English names",
  query: z.object({ systemId: uuid(SYSTEM_ID).optional() }),
  response: z.array(ZTaskFunction),
  errors: ["SchedulerNotFound"],
});

export const taskRunsContract = defineContract({
  ...base,
  method: "GET",
  path: "/api/scheduler/tasks/{id}/runs",
  summary: "A task's run history, newest first (started, finished, outcome ok|error, message)",
  params: ZTaskParam,
  query: z.object({
    page: zPage(),
    pageSize: zPageSize(),
  }),
  response: ZTaskRunPage,
  example: {
    response: {
      items: [
        {
          id: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
          taskId: TASK_ID,
          started: "2026-05-04T02:00:00.120Z",
          finished: "2026-05-04T02:00:01.480Z",
          outcome: "ok",
          message: "12 jobs purged",
          workerId: "worker-1:4711",
        },
      ],
      totalCount: 1,
    },
  },
  errors: ["TaskNotFound"],
});

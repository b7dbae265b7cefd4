"use server";

import { z } from "zod";
import { authAction } from "@/lib/actions/safe-action";
import { ZSchedulerSettings, ZTaskEditForm, ZTaskForm } from "./schemas";
import { createTask } from "./services/create-task";
import { deleteTask } from "./services/delete-task";
import { forceTask } from "./services/force-task";
import { updateScheduler } from "./services/update-scheduler";
import { updateTask } from "./services/update-task";

// The scheduler pages of both portals: the caller acts in the system of the page (a deputy in another one); the
// admin portal's page names the Supersystem.
const inSystem = { inSystem: (input: { systemName: string }) => input.systemName };
const ZTaskRef = z.object({ systemName: z.string().min(1), id: z.uuid({ error: "InvalidId" }) });

/** The add form: answers the new task's id. */
export const createTaskAction = authAction(
  ZTaskForm,
  async ({ systemName, ...input }, { db, caller }) => ({ id: (await createTask(db, { caller, input })).id }),
  inSystem,
);

/** The edit form (also the enabled toggle). */
export const updateTaskAction = authAction(
  ZTaskEditForm,
  async ({ systemName, ...input }, { db, caller }) => {
    await updateTask(db, { caller, input });
  },
  inSystem,
);

/** Delete with yes/no in the list; internal tasks answer scheduler_error_internalDelete. */
export const deleteTaskAction = authAction(
  ZTaskRef,
  async ({ id }, { db, caller }) => {
    await deleteTask(db, { caller, id });
  },
  inSystem,
);

/** Force start: sets forceTrigger; the next tick runs the task. */
export const forceTaskAction = authAction(
  ZTaskRef,
  async ({ id }, { db, caller }) => {
    await forceTask(db, { caller, id });
  },
  inSystem,
);

/** The admin portal's global check interval (seconds). */
export const saveCheckIntervalAction = authAction(ZSchedulerSettings, async (input, { db, caller }) => {
  await updateScheduler(db, { caller, input });
});

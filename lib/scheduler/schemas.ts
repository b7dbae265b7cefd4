import { z } from "zod";
import { TASK_RUN_OUTCOMES } from "@/db/schema/scheduler";
import { code, codeIssue, issueToEntry } from "@/lib/errors/issues";
import { TASK_CONFIG_SCHEMAS, TASK_FUNCTION_NAMES, type TaskFunctionName } from "./functions";

/**
 * The scheduler's shapes (spec operations §3 Scheduler, Task, Task function; §5 Task rules; DESIGN.md
 * "Operational areas" → Scheduler). The task form (react-hook-form + zodResolver), the server actions, the services
 * and the REST contracts use the same schemas.
 */

export const TASK_NAME_MAX = 200;
/** continuously: at most once a year */
export const TASK_MINUTES_MAX = 525_600;
/** checkInterval in seconds: at most one day */
export const CHECK_INTERVAL_MAX = 86_400;
export const CHECK_INTERVAL_DEFAULT = 60;
/** a task's configuration (JSON) */
export const TASK_CONFIGURATION_MAX = 20_000;

export const WEEKDAYS = [
  "weeklyMonday",
  "weeklyTuesday",
  "weeklyWednesday",
  "weeklyThursday",
  "weeklyFriday",
  "weeklySaturday",
  "weeklySunday",
] as const;
export type WeekdayField = (typeof WEEKDAYS)[number];

/** `HH:mm` (seconds allowed and ignored) */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(:[0-5]\d)?$/;
const ISO_DATE_TIME = z.iso.datetime({ offset: true, local: true });

/**
 * The time of day of a `dailyDateTime`/`weeklyDateTime`: `HH:mm`, or an ISO date-time whose wall-clock time of day
 * counts (DESIGN.md); null when it is neither.
 */
export function timeOfDay(value: string | null | undefined): { hour: number; minute: number } | null {
  if (!value) return null;
  const t = TIME_OF_DAY.exec(value.trim());
  if (t) return { hour: Number(t[1]), minute: Number(t[2]) };
  if (!ISO_DATE_TIME.safeParse(value.trim()).success) return null;
  const m = /T(\d{2}):(\d{2})/.exec(value);
  return m ? { hour: Number(m[1]), minute: Number(m[2]) } : null;
}

/** `HH:mm` of a time the rules accept. */
export function normalizeTime(value: string | null | undefined): string | null {
  const t = timeOfDay(value);
  return t ? `${String(t.hour).padStart(2, "0")}:${String(t.minute).padStart(2, "0")}` : null;
}

export function isTaskFunctionName(name: string): name is TaskFunctionName {
  return (TASK_FUNCTION_NAMES as readonly string[]).includes(name);
}

const weekdayFields = Object.fromEntries(WEEKDAYS.map((d) => [d, z.boolean().default(false)])) as Record<
  WeekdayField,
  z.ZodDefault<z.ZodBoolean>
>;

/** What a client sends for a task (spec §3 Task without the fields the service keeps). */
const taskFields = {
  systemId: z.uuid({ error: "InvalidId" }),
  name: z.string().trim().max(TASK_NAME_MAX).default(""),
  function: z.string().trim().default(""),
  disabled: z.boolean().default(false),
  onStart: z.boolean().default(false),
  onStop: z.boolean().default(false),
  continuouslyIsActive: z.boolean().default(false),
  continuouslyMinutes: z.number().int().max(TASK_MINUTES_MAX).default(0),
  dailyIsActive: z.boolean().default(false),
  dailyDateTime: z.string().max(40).nullish(),
  weeklyIsActive: z.boolean().default(false),
  weeklyDateTime: z.string().max(40).nullish(),
  ...weekdayFields,
  /** set by a force start; omitted on update = unchanged */
  forceTrigger: z.boolean().optional(),
  /** JSON string (spec §3); an object is accepted too. Omitted on update = kept unless the function changes. */
  configuration: z.union([z.string().max(TASK_CONFIGURATION_MAX), z.record(z.string(), z.unknown())]).nullish(),
};

type TaskFieldsOut = z.output<z.ZodObject<typeof taskFields>>;

/** The configuration as an object, or undefined when the string is no JSON object. */
export function configurationObject(value: TaskFieldsOut["configuration"]): Record<string, unknown> | undefined {
  if (value === null || value === undefined || value === "") return {};
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Every rule of spec §5 "Task", each on its field, all at once (runs even when another field failed). */
export function taskRules(t: TaskFieldsOut, ctx: z.RefinementCtx): void {
  const add = (key: Parameters<typeof codeIssue>[0], path: string, params?: Parameters<typeof codeIssue>[2]) =>
    ctx.addIssue(codeIssue(key, [path], params));
  if (!(t.onStart || t.onStop || t.continuouslyIsActive || t.dailyIsActive || t.weeklyIsActive))
    add("scheduler_error_noConditions", "onStart");
  if (!t.name) add("scheduler_error_name_empty", "name");
  if (!t.function) add("scheduler_error_function_empty", "function");
  else if (!isTaskFunctionName(t.function)) add("InvalidChoice", "function");
  if (t.continuouslyMinutes < 0 || (t.continuouslyIsActive && t.continuouslyMinutes <= 0))
    add("scheduler_error_invalidMinutes", "continuouslyMinutes");
  if (t.dailyIsActive) {
    if (!t.dailyDateTime?.trim()) add("scheduler_error_dailyTime_empty", "dailyDateTime");
    else if (!timeOfDay(t.dailyDateTime)) add("scheduler_error_invalidTime", "dailyDateTime");
  }
  if (t.weeklyIsActive) {
    if (!t.weeklyDateTime?.trim()) add("scheduler_error_weeklyTime_empty", "weeklyDateTime");
    else if (!timeOfDay(t.weeklyDateTime)) add("scheduler_error_invalidTime", "weeklyDateTime");
    if (!WEEKDAYS.some((d) => t[d])) add("scheduler_error_noWeekdays", "weeklyMonday");
  }
  // the configuration of the chosen function (spec §3 "Task configurations", §5 archivers, §9 ranges)
  if (t.configuration !== undefined && t.function && isTaskFunctionName(t.function)) {
    const config = configurationObject(t.configuration);
    if (config === undefined) add("InvalidJson", "configuration");
    else if (t.function in TASK_CONFIG_SCHEMAS) {
      const parsed = TASK_CONFIG_SCHEMAS[t.function as keyof typeof TASK_CONFIG_SCHEMAS].safeParse(config, {
        reportInput: true,
      });
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          // each inner problem as the code and limit it stands for (TooLarge {max}, scheduler_error_cleanAfterTooLow {min})
          const { field: _inner, ...params } = issueToEntry(issue).params ?? {};
          ctx.addIssue(codeIssue(issueToEntry(issue).code, ["configuration", ...issue.path], params));
        }
    }
  }
}

/** The rules run whenever the object's shape is readable, so that a form shows every problem at once. */
const always = { when: (p: { value: unknown }) => typeof p.value === "object" && p.value !== null };

const ZTaskFields = z.object(taskFields);

/** POST scheduler/tasks/ and the add form: spec §3 Task without id (fields the service keeps are ignored). */
export const ZTaskInput = ZTaskFields.superRefine(taskRules, always).meta({
  id: "TaskInput",
  examples: [
    {
      systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
      name: "Raise priorities",
      function: "IncreaseJobPriority",
      weeklyIsActive: true,
      weeklyDateTime: "06:30",
      weeklyMonday: true,
      weeklyThursday: true,
      configuration: '{"increaseAfterHours":4}',
    },
  ],
});
export type TaskInput = z.input<typeof ZTaskInput>;
export type TaskInputParsed = z.output<typeof ZTaskInput>;

/** PUT scheduler/tasks/ and the edit form: the task with its id. */
export const ZTaskUpdate = ZTaskFields.extend({ id: z.uuid({ error: "InvalidId" }) })
  .superRefine(taskRules, always)
  .meta({
    id: "TaskUpdate",
    examples: [
      {
        id: "0b8e2f9c-1d2a-4c3b-9e4f-5a6b7c8d9e0f",
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        name: "Raise priorities",
        function: "IncreaseJobPriority",
        continuouslyIsActive: true,
        continuouslyMinutes: 30,
      },
    ],
  });
export type TaskUpdate = z.input<typeof ZTaskUpdate>;
export type TaskUpdateParsed = z.output<typeof ZTaskUpdate>;

/** The form's (and action's) schemas: the task plus the portal's system name (deputies act in that system). */
export const ZTaskForm = ZTaskFields.extend({ systemName: z.string().min(1) }).superRefine(taskRules, always);
export const ZTaskEditForm = ZTaskFields.extend({
  systemName: z.string().min(1),
  id: z.uuid({ error: "InvalidId" }),
}).superRefine(taskRules, always);

/** spec §3 Task, as every read answers it (plus lastOutcome, lastMessage and isInternal beyond the spec). */
export const ZTask = z
  .object({
    id: z.uuid(),
    systemId: z.uuid(),
    name: z.string(),
    function: z.string(),
    disabled: z.boolean(),
    onStart: z.boolean(),
    onStop: z.boolean(),
    continuouslyIsActive: z.boolean(),
    continuouslyMinutes: z.number().int(),
    dailyIsActive: z.boolean(),
    dailyDateTime: z.string().nullable(),
    weeklyIsActive: z.boolean(),
    weeklyDateTime: z.string().nullable(),
    weeklyMonday: z.boolean(),
    weeklyTuesday: z.boolean(),
    weeklyWednesday: z.boolean(),
    weeklyThursday: z.boolean(),
    weeklyFriday: z.boolean(),
    weeklySaturday: z.boolean(),
    weeklySunday: z.boolean(),
    lastDateTime: z.iso.datetime().nullable(),
    /** null while a time trigger is active = "calculation pending" */
    nextDateTime: z.iso.datetime().nullable(),
    forceTrigger: z.boolean(),
    lockedBy: z.string().nullable(),
    /** JSON string of the function's configuration ("{}" for functions without one) */
    configuration: z.string(),
    /** a time trigger (continuously, daily, weekly) is active */
    needsSchedule: z.boolean(),
    /** beyond the spec: the last run's outcome and message */
    lastOutcome: z.enum(["ok", "error"]).nullable(),
    lastMessage: z.string().nullable(),
    /** internal tasks cannot be deleted nor change function */
    isInternal: z.boolean(),
  })
  .meta({
    id: "Task",
    examples: [
      {
        id: "0b8e2f9c-1d2a-4c3b-9e4f-5a6b7c8d9e0f",
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        name: "Clean up jobs",
        function: "CleanUpJobsV2",
        disabled: false,
        onStart: false,
        onStop: false,
        continuouslyIsActive: false,
        continuouslyMinutes: 0,
        dailyIsActive: true,
        dailyDateTime: "02:00",
        weeklyIsActive: false,
        weeklyDateTime: null,
        weeklyMonday: false,
        weeklyTuesday: false,
        weeklyWednesday: false,
        weeklyThursday: false,
        weeklyFriday: false,
        weeklySaturday: false,
        weeklySunday: false,
        lastDateTime: "2026-05-03T00:00:01.000Z",
        nextDateTime: "2026-05-04T00:00:00.000Z",
        forceTrigger: false,
        lockedBy: null,
        configuration: "{}",
        needsSchedule: true,
        lastOutcome: "ok",
        lastMessage: "12 jobs purged",
        isInternal: true,
      },
    ],
  });
export type TaskDto = z.infer<typeof ZTask>;

/** spec §3 Scheduler: `GET scheduler/{systemId}`. */
export const ZScheduler = z
  .object({
    id: z.uuid(),
    systemId: z.uuid(),
    checkInterval: z.number().int(),
    tasks: z.array(ZTask),
    /** beyond the spec: the server's IANA time zone, in which daily and weekly times count and next times are computed */
    timeZone: z.string().meta({ example: "Europe/Berlin" }),
  })
  .meta({
    id: "Scheduler",
    examples: [
      {
        id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
        systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
        checkInterval: 60,
        tasks: [],
        timeZone: "Europe/Berlin",
      },
    ],
  });
export type SchedulerDto = z.infer<typeof ZScheduler>;

/** `PUT scheduler/`: the global check interval in seconds (spec §5: not negative; the other reading: > 0). */
export const ZSchedulerSettings = z
  .object({
    checkInterval: z
      .number()
      .int()
      .max(CHECK_INTERVAL_MAX)
      .refine((v) => v > 0, code("scheduler_error_intervalNegative")),
  })
  .meta({ id: "SchedulerSettings", examples: [{ checkInterval: 60 }] });
export type SchedulerSettings = z.input<typeof ZSchedulerSettings>;

/** spec §3 Task function: `GET scheduler/tasks/functions?systemId=`. */
export const ZTaskFunction = z
  .object({
    name: z.enum(TASK_FUNCTION_NAMES),
    displayName: z.string(),
    description: z.string(),
    isSystemSpecificSupported: z.boolean(),
    type: z.enum(["internal", "custom"]),
  })
  .meta({
    id: "TaskFunction",
    examples: [
      {
        name: "IncreaseJobPriority",
        displayName: "Increase job priority",
        description: "Raises the priority of jobs waiting longer than the configured hours by one, up to 10.",
        isSystemSpecificSupported: true,
        type: "custom",
      },
    ],
  });
export type TaskFunctionDto = z.infer<typeof ZTaskFunction>;

export { TASK_RUN_OUTCOMES };

/** One run of a task (`GET scheduler/tasks/{id}/runs`, newest first). */
export const ZTaskRun = z
  .object({
    id: z.uuid(),
    taskId: z.uuid(),
    started: z.iso.datetime(),
    finished: z.iso.datetime().nullable(),
    outcome: z.enum(TASK_RUN_OUTCOMES),
    message: z.string().nullable(),
    workerId: z.string(),
  })
  .meta({ id: "TaskRun" });
export type TaskRunDto = z.infer<typeof ZTaskRun>;

export const ZTaskRunPage = z.object({ items: z.array(ZTaskRun), totalCount: z.number().int() }).meta({ id: "TaskRunPage" });
export type TaskRunPage = z.infer<typeof ZTaskRunPage>;

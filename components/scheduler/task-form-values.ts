import { defaultTaskConfig, hasConfigPanel, TASK_CONFIG_SCHEMAS, type TaskFunctionName } from "@/lib/scheduler/functions";
import { configurationObject, isTaskFunctionName, normalizeTime, type TaskDto, WEEKDAYS } from "@/lib/scheduler/schemas";

/**
 * The task form's values (spec §3 Task as the form edits it): the configuration as an object, times as `HH:mm`.
 * Pure, so the form and its tests share it.
 */
export type TaskFormValues = {
  systemName: string;
  id?: string;
  systemId: string;
  name: string;
  function: string;
  disabled: boolean;
  onStart: boolean;
  onStop: boolean;
  continuouslyIsActive: boolean;
  continuouslyMinutes: number;
  dailyIsActive: boolean;
  dailyDateTime: string;
  weeklyIsActive: boolean;
  weeklyDateTime: string;
  weeklyMonday: boolean;
  weeklyTuesday: boolean;
  weeklyWednesday: boolean;
  weeklyThursday: boolean;
  weeklyFriday: boolean;
  weeklySaturday: boolean;
  weeklySunday: boolean;
  configuration: Record<string, unknown>;
};

/** A new task: nothing chosen; a continuous run every hour once the box is ticked. */
export function newTaskValues(system: { id: string; name: string }): TaskFormValues {
  return {
    systemName: system.name,
    systemId: system.id,
    name: "",
    function: "",
    disabled: false,
    onStart: false,
    onStop: false,
    continuouslyIsActive: false,
    continuouslyMinutes: 60,
    dailyIsActive: false,
    dailyDateTime: "",
    weeklyIsActive: false,
    weeklyDateTime: "",
    ...(Object.fromEntries(WEEKDAYS.map((d) => [d, false])) as Record<(typeof WEEKDAYS)[number], boolean>),
    configuration: {},
  };
}

/** The configuration a function starts with (spec §4: changing the function clears it to the new one's defaults). */
export function configFor(fn: string): Record<string, unknown> {
  return isTaskFunctionName(fn) ? defaultTaskConfig(fn) : {};
}

/** A stored configuration for the form: its values over the function's defaults (unreadable JSON: the defaults). */
export function storedConfig(fn: string, stored: string): Record<string, unknown> {
  if (!isTaskFunctionName(fn) || !hasConfigPanel(fn as TaskFunctionName)) return configurationObject(stored) ?? {};
  const parsed = TASK_CONFIG_SCHEMAS[fn as keyof typeof TASK_CONFIG_SCHEMAS].safeParse(configurationObject(stored) ?? {});
  return parsed.success ? (parsed.data as Record<string, unknown>) : { ...configFor(fn), ...configurationObject(stored) };
}

export function taskValues(task: TaskDto, systemName: string): TaskFormValues {
  return {
    ...newTaskValues({ id: task.systemId, name: systemName }),
    ...Object.fromEntries(WEEKDAYS.map((d) => [d, task[d]])),
    id: task.id,
    name: task.name,
    function: task.function,
    disabled: task.disabled,
    onStart: task.onStart,
    onStop: task.onStop,
    continuouslyIsActive: task.continuouslyIsActive,
    continuouslyMinutes: task.continuouslyMinutes,
    dailyIsActive: task.dailyIsActive,
    dailyDateTime: normalizeTime(task.dailyDateTime) ?? task.dailyDateTime ?? "",
    weeklyIsActive: task.weeklyIsActive,
    weeklyDateTime: normalizeTime(task.weeklyDateTime) ?? task.weeklyDateTime ?? "",
    configuration: storedConfig(task.function, task.configuration),
  };
}

/** What the actions receive: empty times as null. */
export function toTaskInput(values: TaskFormValues) {
  return {
    ...values,
    dailyDateTime: values.dailyDateTime || null,
    weeklyDateTime: values.weeklyDateTime || null,
  };
}

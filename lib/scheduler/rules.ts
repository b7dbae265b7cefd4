import { AppError } from "@/lib/errors/app-error";
import { defaultTaskConfig, functionsFor, hasConfigPanel, TASK_CONFIG_SCHEMAS, type TaskFunctionName } from "./functions";
import { weekdaysOf } from "./next-run";
import { configurationObject, normalizeTime, type TaskInputParsed } from "./schemas";

/** Whether a scheduler may use the function: the Supersystem every one, a system the system-specific ones. */
export function mayUseFunction(isGlobal: boolean, name: string): boolean {
  return functionsFor(isGlobal).some((f) => f.name === name);
}

/**
 * The stored configuration (JSON) of a function: what was sent, checked and completed with the spec §9 defaults;
 * the defaults when nothing was sent. The schema's rules (ZTaskInput) have checked it already.
 */
export function storedConfiguration(fn: TaskFunctionName, sent: TaskInputParsed["configuration"] | undefined): string {
  if (!hasConfigPanel(fn)) return "{}";
  if (sent === undefined) return JSON.stringify(defaultTaskConfig(fn));
  const object = configurationObject(sent);
  if (object === undefined) throw new AppError("InvalidJson");
  return JSON.stringify(TASK_CONFIG_SCHEMAS[fn].parse(object));
}

/** The row fields of a task's triggers as the client sent them (times as HH:mm, weekdays as names). */
export function triggerFields(data: TaskInputParsed) {
  return {
    name: data.name,
    disabled: data.disabled,
    onStart: data.onStart,
    onStop: data.onStop,
    continuouslyIsActive: data.continuouslyIsActive,
    continuouslyMinutes: data.continuouslyMinutes,
    dailyIsActive: data.dailyIsActive,
    dailyDateTime: normalizeTime(data.dailyDateTime),
    weeklyIsActive: data.weeklyIsActive,
    weeklyDateTime: normalizeTime(data.weeklyDateTime),
    weekdays: weekdaysOf(data),
  };
}

import { describe, expect, it } from "vitest";
import { formResolver } from "@/components/forms/resolver";
import { messageToEntry } from "@/lib/errors/issues";
import { ZSchedulerSettings, ZTaskForm } from "@/lib/scheduler/schemas";
import { newTaskValues } from "./task-form-values";

const SYSTEM = { id: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f", name: "Acme" };
const OPTIONS = { fields: {}, shouldUseNativeValidation: false, criteriaMode: "all" as const };

/** Every field's entries, as the form shows them. */
async function entries(values: Record<string, unknown>, schema = ZTaskForm) {
  const { errors } = await formResolver(schema)(values, undefined, OPTIONS as never);
  const out: Record<string, unknown[]> = {};
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const e = value as { message?: string; types?: Record<string, string | string[]> };
      if (typeof e?.message === "string")
        out[prefix + key] = Object.values(e.types ?? {})
          .flat()
          .map((m) => messageToEntry(m))
          .map(({ code, params }) => ({
            code,
            ...(params?.min !== undefined ? { min: params.min } : {}),
            ...(params?.max !== undefined ? { max: params.max } : {}),
          }));
      else if (value && typeof value === "object") walk(value as Record<string, unknown>, `${prefix}${key}.`);
    }
  };
  walk(errors as Record<string, unknown>, "");
  return out;
}

describe("the task form's checks (spec operations §5), as the form shows them", () => {
  it("report an empty form's missing name, function and trigger at once", async () => {
    expect(await entries({ ...newTaskValues(SYSTEM) })).toEqual({
      name: [{ code: "scheduler_error_name_empty" }],
      function: [{ code: "scheduler_error_function_empty" }],
      onStart: [{ code: "scheduler_error_noConditions" }],
    });
  });

  it("report every time trigger's missing part at once", async () => {
    const found = await entries({
      ...newTaskValues(SYSTEM),
      continuouslyIsActive: true,
      continuouslyMinutes: 0,
      dailyIsActive: true,
      weeklyIsActive: true,
    });
    expect(found).toMatchObject({
      continuouslyMinutes: [{ code: "scheduler_error_invalidMinutes" }],
      dailyDateTime: [{ code: "scheduler_error_dailyTime_empty" }],
      weeklyDateTime: [{ code: "scheduler_error_weeklyTime_empty" }],
      weeklyMonday: [{ code: "scheduler_error_noWeekdays" }],
    });
    expect(found.onStart).toBeUndefined();
  });

  it("name a configuration's range and the archivers' rules with their limits", async () => {
    const base = { ...newTaskValues(SYSTEM), name: "t", onStart: true };
    expect(await entries({ ...base, function: "IncreaseJobPriority", configuration: { increaseAfterHours: 25 } })).toEqual({
      "configuration.increaseAfterHours": [{ code: "TooLarge", max: 24 }],
    });
    const archiver = { packageBy: "Week", storeAll: false, storeBySystem: false, clean: true, cleanAfterDays: 3 };
    expect(await entries({ ...base, function: "MetricsArchiver", configuration: archiver })).toEqual({
      "configuration.storeAll": [{ code: "scheduler_error_noStoreOption" }],
      "configuration.cleanAfterDays": [{ code: "scheduler_error_cleanAfterTooLow", min: 7 }],
    });
    expect(await entries({ ...base, function: "CleanUpLearnJobs", configuration: { limitOther: "2.25:00:00" } })).toEqual({
      "configuration.limitOther": [{ code: "scheduler_error_invalidDuration" }],
    });
  });

  it("answer the parsed values of a task that keeps every rule", async () => {
    const values = {
      ...newTaskValues(SYSTEM),
      name: " Weekly ",
      function: "IncreaseJobPriority",
      weeklyIsActive: true,
      weeklyDateTime: "06:30",
      weeklyMonday: true,
      configuration: { increaseAfterHours: 6 },
    };
    const result = await formResolver(ZTaskForm)(values, undefined, OPTIONS as never);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: "Weekly", configuration: { increaseAfterHours: 6 } });
  });

  it("check the check interval above 0", async () => {
    expect(await entries({ checkInterval: 0 }, ZSchedulerSettings as never)).toEqual({
      checkInterval: [{ code: "scheduler_error_intervalNegative" }],
    });
    expect(await entries({ checkInterval: Number.NaN }, ZSchedulerSettings as never)).toEqual({
      checkInterval: [{ code: "Required" }],
    });
  });
});

import { describe, expect, it } from "vitest";
import { fromZodError } from "@/lib/errors/envelope";
import { normalizeTime, timeOfDay, ZSchedulerSettings, ZTaskInput, ZTaskUpdate } from "./schemas";

const systemId = "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f";

function problems(schema: typeof ZTaskInput | typeof ZTaskUpdate | typeof ZSchedulerSettings, value: unknown) {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return [];
  return fromZodError(parsed.error).entries.map((e) => `${e.code}@${e.params?.field}`);
}

describe("task rules (spec operations §5)", () => {
  it("accept a complete task", () => {
    expect(
      problems(ZTaskInput, { systemId, name: "Nightly", function: "CleanUpJobsV2", dailyIsActive: true, dailyDateTime: "02:00" }),
    ).toEqual([]);
  });

  it("report every rule at once, each on its field", () => {
    expect(problems(ZTaskInput, { systemId, name: " ", function: "", continuouslyMinutes: -1 }).sort()).toEqual(
      [
        "scheduler_error_noConditions@onStart",
        "scheduler_error_name_empty@name",
        "scheduler_error_function_empty@function",
        "scheduler_error_invalidMinutes@continuouslyMinutes",
      ].sort(),
    );
    expect(
      problems(ZTaskInput, {
        systemId,
        name: "x",
        function: "CleanUpJobsV2",
        continuouslyIsActive: true,
        continuouslyMinutes: 0,
        dailyIsActive: true,
        dailyDateTime: "",
        weeklyIsActive: true,
        weeklyDateTime: null,
      }).sort(),
    ).toEqual(
      [
        "scheduler_error_invalidMinutes@continuouslyMinutes",
        "scheduler_error_dailyTime_empty@dailyDateTime",
        "scheduler_error_weeklyTime_empty@weeklyDateTime",
        "scheduler_error_noWeekdays@weeklyMonday",
      ].sort(),
    );
  });

  it("run the rules even when a field has the wrong type", () => {
    expect(problems(ZTaskInput, { systemId: "nope", name: "", function: "x", onStart: true })).toEqual(
      expect.arrayContaining(["InvalidId@systemId", "scheduler_error_name_empty@name", "InvalidChoice@function"]),
    );
  });

  it("accept HH:mm or an ISO date-time and refuse other times", () => {
    expect(timeOfDay("07:05")).toEqual({ hour: 7, minute: 5 });
    expect(normalizeTime("2024-03-31T02:30:00")).toBe("02:30");
    expect(normalizeTime("2024-03-31T23:15:00.000Z")).toBe("23:15");
    expect(timeOfDay("25:00")).toBeNull();
    expect(
      problems(ZTaskInput, { systemId, name: "x", function: "LoginMaintenance", dailyIsActive: true, dailyDateTime: "7 pm" }),
    ).toEqual(["scheduler_error_invalidTime@dailyDateTime"]);
  });

  it("check the configuration with the function's schema, on its path", () => {
    const base = { systemId, name: "x", function: "IncreaseJobPriority", onStart: true };
    expect(problems(ZTaskInput, { ...base, configuration: '{"increaseAfterHours":4}' })).toEqual([]);
    expect(problems(ZTaskInput, { ...base, configuration: { increaseAfterHours: 25 } })).toEqual([
      "TooLarge@configuration.increaseAfterHours",
    ]);
    expect(problems(ZTaskInput, { ...base, configuration: "{" })).toEqual(["InvalidJson@configuration"]);
    expect(
      problems(ZTaskInput, {
        ...base,
        function: "MetricsArchiver",
        configuration: { storeAll: false, storeBySystem: false, clean: true, packageBy: "Month", cleanAfterDays: 10 },
      }).sort(),
    ).toEqual([
      "scheduler_error_cleanAfterTooLow@configuration.cleanAfterDays",
      "scheduler_error_noStoreOption@configuration.storeAll",
    ]);
  });

  it("answer the configuration's limits as the form shows them (TooLarge {max}, cleanAfterTooLow {min})", () => {
    const entries = (value: unknown) => {
      const parsed = ZTaskInput.safeParse(value, { reportInput: true });
      return parsed.success ? [] : fromZodError(parsed.error).entries;
    };
    const base = { systemId, name: "x", onStart: true };
    expect(entries({ ...base, function: "IncreaseJobPriority", configuration: { increaseAfterHours: 25 } })).toEqual([
      { code: "TooLarge", params: { field: "configuration.increaseAfterHours", max: 24 } },
    ]);
    expect(
      entries({ ...base, function: "AuditTrailArchiver", configuration: { clean: true, packageBy: "Week", cleanAfterDays: 3 } }),
    ).toEqual([
      {
        code: "scheduler_error_cleanAfterTooLow",
        params: { field: "configuration.cleanAfterDays", min: 7 },
      },
    ]);
  });

  it("an update needs the id", () => {
    expect(problems(ZTaskUpdate, { systemId, name: "x", function: "LoginMaintenance", onStop: true })).toEqual(["InvalidId@id"]);
  });
});

describe("check interval", () => {
  it("is a whole number above 0", () => {
    expect(problems(ZSchedulerSettings, { checkInterval: 60 })).toEqual([]);
    expect(problems(ZSchedulerSettings, { checkInterval: 0 })).toEqual(["scheduler_error_intervalNegative@checkInterval"]);
    expect(problems(ZSchedulerSettings, { checkInterval: -5 })).toEqual(["scheduler_error_intervalNegative@checkInterval"]);
    expect(problems(ZSchedulerSettings, {})).toEqual(["Required@checkInterval"]);
  });
});

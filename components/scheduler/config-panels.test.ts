import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { type FieldValues, FormProvider, useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { type ConfigurableFunction, defaultTaskConfig, TASK_CONFIG_SCHEMAS, TASK_FUNCTIONS } from "@/lib/scheduler/functions";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { TaskConfigPanel } from "./config-panels";
import { configFor, storedConfig } from "./task-form-values";

const CONFIGURABLE = Object.keys(TASK_CONFIG_SCHEMAS) as ConfigurableFunction[];

/** A form whose configuration holds `configuration`, around the panel of `fn` (of the global scheduler or a system's). */
function Host({
  fn,
  configuration,
  global,
}: {
  fn: ConfigurableFunction;
  configuration: Record<string, unknown>;
  global: boolean;
}): ReactNode {
  const form = useForm<FieldValues>({ defaultValues: { configuration } });
  return createElement(FormProvider, form as ComponentProps<typeof FormProvider>, createElement(TaskConfigPanel, { fn, global }));
}

/** The panel of `fn` rendered as the server does (the global scheduler's unless `global` is false). */
function render(fn: ConfigurableFunction, configuration: Record<string, unknown>, messages: object = en, global = true): string {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale: "en-US", messages, timeZone: "UTC" } as ComponentProps<typeof NextIntlClientProvider>,
      createElement(Host, { fn, configuration, global }),
    ),
  );
}

/** The value each control shows, by its id (config-<key>), read from the markup. */
function shown(html: string, key: string): string | boolean | undefined {
  const input = new RegExp(`<input[^>]*id="config-${key}"[^>]*>`).exec(html)?.[0];
  if (input) return /value="([^"]*)"/.exec(input)?.[1];
  const checkbox = new RegExp(`<button[^>]*id="config-${key}"[^>]*>`).exec(html)?.[0];
  if (checkbox) return /aria-checked="true"/.test(checkbox);
  const select = new RegExp(`<select[^>]*id="config-${key}"[^>]*>(.*?)</select>`).exec(html)?.[1];
  if (select) return /<option[^>]*value="([^"]*)"[^>]*selected/.exec(select)?.[1];
  return undefined;
}

describe("the configuration panels of the task form (spec operations §3, §9)", () => {
  it("render every field of each configurable function with the defaults of §9, offered yet or not", () => {
    for (const fn of CONFIGURABLE) {
      const defaults = defaultTaskConfig(fn);
      const html = render(fn, defaults);
      expect(html, fn).toContain(`data-testid="config-panel-${fn}"`);
      for (const [key, value] of Object.entries(defaults)) {
        if (fn === "CleanUpLearnJobs") {
          const [days, time] = String(value).split(".");
          expect(
            new RegExp(
              `data-testid="duration-days-${key}"[^>]*value="${days}"|value="${days}"[^>]*data-testid="duration-days-${key}"`,
            ).test(html),
            `${fn}.${key} days`,
          ).toBe(true);
          expect(html, `${fn}.${key} time`).toMatch(new RegExp(`value="${time}"`));
        } else {
          expect(shown(html, key), `${fn}.${key}`).toBe(typeof value === "number" ? String(value) : value);
        }
      }
    }
  });

  it("read §9's numbers: archivers 62 and 92 days by month, downloads 365 days, priority after 4 hours, learn jobs 0/0/2 days", () => {
    expect(defaultTaskConfig("MetricsArchiver")).toEqual({
      packageBy: "Month",
      storeAll: true,
      storeBySystem: true,
      clean: false,
      cleanAfterDays: 62,
    });
    expect(defaultTaskConfig("AuditTrailArchiver")).toMatchObject({ cleanAfterDays: 92 });
    expect(defaultTaskConfig("DownloadCleaner")).toMatchObject({ cleanAfterCountOfDays: 365 });
    expect(defaultTaskConfig("IncreaseJobPriority")).toEqual({ increaseAfterHours: 4 });
    expect(defaultTaskConfig("LicenceAlertsNotifier")).toEqual({ notifyViaEventLog: false, notifyViaEmail: false });
    expect(defaultTaskConfig("CleanUpLearnJobs")).toEqual({
      limitDeleted: "0.00:00:00",
      limitError: "0.00:00:00",
      limitOther: "2.00:00:00",
    });
    expect(defaultTaskConfig("StartLearnEngine")).toEqual({ onlyChanged: true });
  });

  it("label every field in both languages (no missing message)", () => {
    for (const messages of [en, de]) {
      for (const fn of CONFIGURABLE) {
        const html = render(fn, defaultTaskConfig(fn), messages);
        expect(html, fn).not.toMatch(/scheduler\.(config_|packageBy_|downloadType_|days|duration)/);
      }
    }
  });

  it("offer the archivers' one package over all systems or per system only in the global scheduler (issue 23)", () => {
    for (const fn of ["MetricsArchiver", "AuditTrailArchiver"] as const) {
      const global = render(fn, defaultTaskConfig(fn));
      expect(shown(global, "storeAll"), fn).toBe(true);
      expect(shown(global, "storeBySystem"), fn).toBe(true);
      const system = render(fn, defaultTaskConfig(fn), en, false);
      expect(shown(system, "storeAll"), fn).toBeUndefined();
      expect(shown(system, "storeBySystem"), fn).toBeUndefined();
      expect(system, fn).toContain("Each package holds this system&#x27;s data.");
      expect(shown(system, "clean"), fn).toBe(false);
      expect(shown(system, "packageBy"), fn).toBe("Month");
    }
  });

  it("start a new function from its own defaults and a stored one from its values over them", () => {
    expect(configFor("IncreaseJobPriority")).toEqual({ increaseAfterHours: 4 });
    expect(configFor("LoginMaintenance")).toEqual({});
    expect(configFor("")).toEqual({});
    expect(storedConfig("IncreaseJobPriority", '{"increaseAfterHours":9}')).toEqual({ increaseAfterHours: 9 });
    expect(storedConfig("MetricsArchiver", '{"packageBy":"Week"}')).toMatchObject({ packageBy: "Week", cleanAfterDays: 62 });
    expect(storedConfig("IncreaseJobPriority", "not json")).toEqual({ increaseAfterHours: 4 });
    expect(storedConfig("IncreaseJobPriority", '{"increaseAfterHours":99}')).toEqual({ increaseAfterHours: 99 });
  });

  it("cover exactly the functions the catalogue gives a panel", () => {
    for (const fn of CONFIGURABLE) expect(TASK_FUNCTIONS[fn].type, fn).toBe("custom");
  });
});

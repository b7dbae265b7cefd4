import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { TaskDto } from "@/lib/scheduler/schemas";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import { StatusProvider } from "../shell/status-bar";
import { TasksTable } from "./tasks-table";

// the App Router is not mounted here: the table and its pager only read the query and push new ones
vi.mock("next/navigation", () => ({
  useRouter: () => ({ refresh: () => undefined, push: () => undefined }),
  usePathname: () => "/system/Walk/scheduler",
  useSearchParams: () => new URLSearchParams(),
}));

const task = (overrides: Partial<TaskDto>): TaskDto => ({
  id: "0b8e2f9c-1d2a-4c3b-9e4f-5a6b7c8d9e0f",
  systemId: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  name: "Audit trail",
  function: "AuditTrailArchiver",
  disabled: false,
  onStart: false,
  onStop: false,
  continuouslyIsActive: false,
  continuouslyMinutes: 0,
  dailyIsActive: false,
  dailyDateTime: null,
  weeklyIsActive: true,
  weeklyDateTime: "06:30",
  weeklyMonday: true,
  weeklyTuesday: false,
  weeklyWednesday: false,
  weeklyThursday: false,
  weeklyFriday: false,
  weeklySaturday: false,
  weeklySunday: false,
  lastDateTime: null,
  nextDateTime: "2026-05-04T06:30:00.000Z",
  forceTrigger: false,
  lockedBy: null,
  configuration: "{}",
  needsSchedule: true,
  lastOutcome: null,
  lastMessage: null,
  isInternal: false,
  ...overrides,
});

function render(rows: TaskDto[], messages: object = en): string {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale: "en-US", messages, timeZone: "UTC" } as ComponentProps<typeof NextIntlClientProvider>,
      createElement(
        StatusProvider,
        null,
        createElement(TasksTable, {
          rows,
          total: rows.length,
          page: 0,
          pageSize: 25,
          base: "/system/Walk/scheduler",
          systemName: "Walk",
          timeZone: "UTC",
          names: {},
        }),
      ),
    ),
  );
}

/** The text of each row's "Next run" cell (the fourth), tags removed. */
const nextRuns = (html: string) =>
  [...html.matchAll(/<tr[^>]*>((?:(?!<\/tr>).)*)<\/tr>/g)]
    .map((row) => [...(row[1] ?? "").matchAll(/<td[^>]*>(.*?)<\/td>/g)][3]?.[1]?.replace(/<[^>]+>/g, ""))
    .filter((cell) => cell !== undefined);

describe("the scheduler's task list (spec operations §2 Scheduler)", () => {
  it("shows a disabled task without a next run, in both languages; an enabled one with its time", () => {
    const rows = [
      task({ id: "a", name: "Enabled" }),
      task({ id: "b", name: "Disabled", disabled: true }),
      task({ id: "c", name: "Disabled, none computed", disabled: true, nextDateTime: null }),
    ];
    expect(nextRuns(render(rows))).toEqual(["2026-05-04 06:30:00", "disabled", "disabled"]);
    expect(nextRuns(render(rows, de))).toEqual(["2026-05-04 06:30:00", "deaktiviert", "deaktiviert"]);
  });

  it("cuts neither a task's name nor its function: both are whole in the markup, without a cut text's frame", () => {
    const name = `Monatliche Archivierung des Audit-Trails ${"für die Revision ".repeat(4)}`.trim();
    const html = render([task({ name })], de);
    const [nameCell, functionCell] = [...html.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((cell) => cell[1] ?? "");
    expect(nameCell).toContain(`>${name}</a>`);
    expect(functionCell).toContain(">Audit-Trail archivieren</span>");
    for (const cell of [nameCell, functionCell]) expect(cell).not.toMatch(/\btruncate\b|cell-text/);
  });
});

import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { PathnameContext, SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";
import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IconSprite } from "@/components/ui/icon-sprite";
import en from "@/messages/en-US.json";
import type { JobRow } from "./job-row";
import { JobsTable } from "./jobs-table";

const ROWS = 25;

function job(i: number): JobRow {
  const failed = i % 3 === 0;
  return {
    id: 1000 + i,
    project: "Invoices Germany",
    state: failed ? "Error" : "Ready",
    errorCode: failed ? "DocumentTimeout" : null,
    errorMessage: failed ? "The document took longer than 300 s" : null,
    errorParams: failed ? { file: "scan.pdf", seconds: 300 } : null,
    client: `erp-client-${i}`,
    clientInfo: "batch 4711",
    preventDelete: i % 5 === 0,
    created: "2026-05-04T10:15:02.114Z",
    started: "2026-05-04T10:15:02.530Z",
    finished: "2026-05-04T10:15:04.871Z",
    deleted: null,
  };
}

/** The job monitor's table as the server renders it, inside the contexts Next and next-intl give a page. */
function render(rows: JobRow[]): string {
  const router = { push() {}, replace() {}, refresh() {}, prefetch() {}, back() {}, forward() {} };
  const table = createElement(JobsTable, {
    rows,
    total: rows.length,
    totalExact: true,
    page: 0,
    pageSize: ROWS,
    showDeleted: false,
    base: "/system/Acme",
    actions: { pending: false, lock() {}, restart() {}, remove() {} },
    emptyText: "No jobs",
    onSelectionChange() {},
  });
  const config = { locale: "en-US", messages: en, timeZone: "UTC" };
  const intl = createElement(NextIntlClientProvider, config as unknown as ComponentProps<typeof NextIntlClientProvider>, table);
  return renderToStaticMarkup(
    createElement(
      AppRouterContext.Provider,
      { value: router as never },
      createElement(
        PathnameContext.Provider,
        { value: "/system/Acme/jobmonitor" },
        createElement(SearchParamsContext.Provider, { value: new URLSearchParams() as never }, intl),
      ),
    ),
  );
}

describe("job monitor table markup", () => {
  const html = render(Array.from({ length: ROWS }, (_, i) => job(i)));
  const rows = html.match(/<tr[^>]*>.*?<\/tr>/gs) ?? [];

  it("names every row action and gives it the page's hint, without a tooltip or dialog per row", () => {
    expect(rows).toHaveLength(ROWS + 1);
    for (const label of ["Details", "Download", "Restart", "Delete"]) {
      expect(html.match(new RegExp(`aria-label="${label}" data-hint="${label}"`, "g"))).toHaveLength(ROWS);
    }
    expect(html).not.toContain('data-slot="tooltip-trigger"');
    expect(html).not.toContain('role="alertdialog"');
    // the delete of a job that may be deleted says it opens a dialog; the error code carries its message
    expect(html).toMatch(/aria-label="Delete"[^>]*aria-haspopup="dialog"/);
    expect(html).toMatch(/data-hint="[^"]+"[^>]*>DocumentTimeout</);
  });

  it("selects rows by native checkboxes", () => {
    expect(html.match(/<input type="checkbox"[^>]*aria-label="Select row"/g)).toHaveLength(ROWS);
  });

  it("draws the row actions' icons by reference to the page's sprite, which has every one of them", () => {
    const sprite = renderToStaticMarkup(createElement(IconSprite));
    const used = new Set([...html.matchAll(/<use href="#([\w-]+)"/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual([
      "icon-download",
      "icon-eye",
      "icon-lock",
      "icon-lock-open",
      "icon-rotate-ccw",
      "icon-trash-2",
    ]);
    for (const id of used)
      expect(sprite).toMatch(new RegExp(`<symbol id="${id}" viewBox="0 0 24 24"><svg[^>]*>.+?</svg></symbol>`));
    for (const row of rows.slice(1)) expect(row).not.toContain("<path"); // no icon drawn in full in a row
  });

  it("keeps a row's markup small (the monitor is the portal's busiest page; bench/RESULTS.md Load)", () => {
    const perRow = rows.slice(1).reduce((sum, row) => sum + row.length, 0) / ROWS;
    expect(perRow).toBeLessThan(5_000);
  });
});

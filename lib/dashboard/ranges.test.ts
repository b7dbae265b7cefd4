import { describe, expect, it } from "vitest";
import { readJobFilters } from "@/components/jobs/job-query";
import { JOB_STATES } from "@/db/schema/jobs";
import { createdBounds, dashboardRanges, jobMonitorHref, statisticsHref } from "./ranges";

describe("dashboard ranges and links", () => {
  it("today and the last 7 days are UTC days, whatever the hour", () => {
    expect(dashboardRanges(new Date("2026-03-01T00:30:00+02:00"))).toEqual({
      today: { start: "2026-02-28", end: "2026-02-28" },
      week: { start: "2026-02-22", end: "2026-02-28" },
    });
    expect(dashboardRanges(new Date("2026-03-01T23:59:59.999Z")).week).toEqual({ start: "2026-02-23", end: "2026-03-01" });
  });

  it("a day range is the created filter from its first to its last millisecond", () => {
    expect(createdBounds({ start: "2026-02-22", end: "2026-02-28" })).toEqual({
      start: "2026-02-22T00:00:00.000Z",
      end: "2026-02-28T23:59:59.999Z",
    });
  });

  it("a job monitor link is read back by the monitor as the same filter", () => {
    const href = jobMonitorHref("Acme & Co", {
      states: ["Assigned", "Processing"],
      created: { start: "2026-02-22", end: "2026-02-28" },
      project: "Invoices",
    });
    const url = new URL(href, "http://localhost");
    expect(url.pathname).toBe("/system/Acme%20%26%20Co/jobmonitor");
    const filters = readJobFilters(Object.fromEntries(url.searchParams), JOB_STATES);
    expect(filters.states).toEqual(["Assigned", "Processing"]);
    expect(filters.project).toBe("Invoices");
    expect(filters.dates.created).toEqual({ start: "2026-02-22T00:00:00.000Z", end: "2026-02-28T23:59:59.999Z" });
    expect(jobMonitorHref("A", { states: ["Waiting"], oldestFirst: true })).toBe(
      "/system/A/jobmonitor?state=Waiting&sort=created%3Aasc",
    );
    expect(jobMonitorHref("A")).toBe("/system/A/jobmonitor");
    const removedToo = new URL(jobMonitorHref("A", { includeRemoved: true }), "http://localhost");
    expect(readJobFilters(Object.fromEntries(removedToo.searchParams), JOB_STATES).includeDeleted).toBe(true);
  });

  it("a statistics link names the range as start and end", () => {
    expect(statisticsHref("/admin", { start: "2026-02-22", end: "2026-02-28" })).toBe(
      "/admin/statistics?start=2026-02-22&end=2026-02-28",
    );
  });
});

import { describe, expect, it } from "vitest";
import { type ArchiveSummary, archiveSummaryText, readArchiveSummary, waitingFor } from "./archive-summary";
import { periodAt } from "./periods";

describe("an archiver run's summary", () => {
  it("is read back from its English sentence, whatever parts it has", () => {
    const cases: ArchiveSummary[] = [
      { archives: 5, rows: 6, before: 0, cleaned: null, waiting: null },
      { archives: 2, rows: 2, before: 1, cleaned: { count: 1, days: 10 }, waiting: null },
      {
        archives: 0,
        rows: 0,
        before: 0,
        cleaned: null,
        waiting: waitingFor(periodAt(new Date("2026-11-28T10:00:00Z"), "Month"), "Month", true),
      },
      {
        archives: 0,
        rows: 0,
        before: 2,
        cleaned: { count: 0, days: 62 },
        waiting: waitingFor(periodAt(new Date("2026-11-28T10:00:00Z"), "Week"), "Week", false),
      },
    ];
    for (const summary of cases) expect(readArchiveSummary(archiveSummaryText(summary))).toEqual(summary);
    expect(readArchiveSummary("3 job(s) removed")).toBeNull();
  });

  it("names the period the first archive covers, its last day and the day it is written", () => {
    const text = archiveSummaryText({
      archives: 0,
      rows: 0,
      before: 0,
      cleaned: null,
      waiting: waitingFor(periodAt(new Date("2026-02-10T00:00:00Z"), "Month"), "Month", true),
    });
    expect(text).toBe(
      "0 archive(s) written (0 rows); no complete month yet: the first archive covers 2026-02 (2026-02-01 to 2026-02-28) " +
        "and is written on 2026-03-01",
    );
  });
});

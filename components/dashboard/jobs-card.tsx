import Link from "next/link";
import { getFormatter, getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { OUTCOMES, type Outcome, type OutcomeRow, type Outcomes, PERIODS, type Period } from "@/lib/dashboard/outcomes";
import type { DayRange } from "@/lib/dashboard/ranges";
import { Figure, Figures, type Tone } from "./figure";

/** How many rows the table shows: the busiest of the last 7 days; the statistics page has them all. */
export const JOB_ROWS_MAX = 10;

const TONE: Record<Outcome, Tone> = { created: "plain", successful: "success", failed: "destructive", notStarted: "plain" };
const TABLE_OUTCOMES = ["created", "successful", "failed"] as const;

export type FigureLink = (at: { period: Period; outcome: Outcome; row?: OutcomeRow }) => string | undefined;

type Props = {
  /** "systems" on the admin dashboard, "projects" on a system's */
  rowsAre: "systems" | "projects";
  totals: Record<Period, Outcomes>;
  rows: OutcomeRow[];
  ranges: Record<Period, DayRange>;
  /** the list behind a figure (job monitor or statistics), if the caller may open it */
  linkOf: FigureLink;
  /** the page behind a row's name, if any */
  rowLinkOf?: (row: OutcomeRow) => string | undefined;
  /** the statistics of the last 7 days (every row, the work figures), if the caller may open them */
  statisticsHref?: string;
};

/** Jobs created today and in the last 7 days by outcome, and the same per system or project (from the counters). */
export async function JobsCard({ rowsAre, totals, rows, ranges, linkOf, rowLinkOf, statisticsHref }: Props) {
  const [t, format] = await Promise.all([getTranslations("dashboardCards"), getFormatter()]);
  const n = (value: number) => format.number(value);
  const period = (p: Period) =>
    p === "today" ? t("today", { day: ranges.today.start }) : t("week", { start: ranges.week.start, end: ranges.week.end });
  const active = rows
    .filter((r) => r.week.created > 0)
    .sort((a, b) => b.week.created - a.week.created || a.name.localeCompare(b.name));
  const busiest = active.slice(0, JOB_ROWS_MAX);
  const more = active.length - busiest.length;
  const quiet = rows.length - active.length;

  return (
    <Card className="min-w-0 lg:col-span-2" data-testid="jobs-card">
      <CardHeader>
        <CardTitle>
          <h2>{t("jobsTitle")}</h2>
        </CardTitle>
        <CardDescription>{t("jobsIntro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-4 xl:grid-cols-2">
          {PERIODS.map((p) => (
            <section key={p} aria-labelledby={`jobs-${p}`} className="grid gap-2">
              <h3 id={`jobs-${p}`} className="text-sm font-medium">
                {period(p)}
              </h3>
              <Figures>
                {OUTCOMES.map((o) => (
                  <Figure
                    key={o}
                    label={t(`outcome_${o}`)}
                    value={n(totals[p][o])}
                    tone={totals[p][o] > 0 ? TONE[o] : "plain"}
                    href={linkOf({ period: p, outcome: o })}
                    testId={`jobs-${p}-${o}`}
                  />
                ))}
              </Figures>
            </section>
          ))}
        </div>
        {busiest.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="jobs-rows-empty">
            {t("jobsNone")}
          </p>
        ) : (
          <div className="grid gap-2">
            <Table data-testid="jobs-rows">
              <caption className="sr-only">{t(rowsAre === "systems" ? "jobsBySystem" : "jobsByProject")}</caption>
              <TableHeader>
                <TableRow>
                  <TableHead rowSpan={2} scope="col">
                    {t(rowsAre === "systems" ? "system" : "project")}
                  </TableHead>
                  {PERIODS.map((p) => (
                    <TableHead key={p} colSpan={3} scope="colgroup" className="text-center">
                      {t(p === "today" ? "todayShort" : "weekShort")}
                    </TableHead>
                  ))}
                </TableRow>
                <TableRow>
                  {PERIODS.flatMap((p) =>
                    TABLE_OUTCOMES.map((o) => (
                      <TableHead key={`${p}-${o}`} scope="col" className="text-right">
                        {t(`outcome_${o}`)}
                      </TableHead>
                    )),
                  )}
                </TableRow>
              </TableHeader>
              <TableBody>
                {busiest.map((row) => {
                  const rowLink = rowLinkOf?.(row);
                  return (
                    <TableRow key={row.id} data-testid="jobs-row">
                      <TableHead scope="row" className="max-w-56 truncate font-medium" title={row.name}>
                        {rowLink ? (
                          <Link href={rowLink} className="text-primary underline underline-offset-4">
                            {row.name}
                          </Link>
                        ) : (
                          row.name
                        )}
                      </TableHead>
                      {PERIODS.flatMap((p) =>
                        TABLE_OUTCOMES.map((o) => {
                          const href = row[p][o] > 0 ? linkOf({ period: p, outcome: o, row }) : undefined;
                          const value = n(row[p][o]);
                          return (
                            <TableCell key={`${p}-${o}`} className="text-right tabular-nums">
                              {href ? (
                                <Link
                                  href={href}
                                  aria-label={t("rowFigure", {
                                    name: row.name,
                                    period: period(p),
                                    outcome: t(`outcome_${o}`),
                                    value,
                                  })}
                                  className="underline decoration-dotted underline-offset-4 hover:decoration-solid"
                                >
                                  {value}
                                </Link>
                              ) : (
                                value
                              )}
                            </TableCell>
                          );
                        }),
                      )}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            {(more > 0 || quiet > 0) && (
              <p className="text-xs text-muted-foreground" data-testid="jobs-rows-hidden">
                {[
                  more > 0 ? t("jobsMore", { count: more, what: rowsAre }) : "",
                  quiet > 0 ? t("jobsQuiet", { count: quiet, what: rowsAre }) : "",
                ]
                  .filter(Boolean)
                  .join(" ")}
              </p>
            )}
          </div>
        )}
        {statisticsHref && (
          <Link
            href={statisticsHref}
            className="justify-self-start text-sm text-primary underline underline-offset-4"
            data-testid="jobs-statistics"
          >
            {t("openStatistics")}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}

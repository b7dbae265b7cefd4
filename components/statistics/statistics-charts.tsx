"use client";

import { useLocale, useTranslations } from "next-intl";
import { type ReactNode, useId } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  type TooltipContentProps,
  XAxis,
  YAxis,
} from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { SeriesPoint } from "@/lib/statistics/queries";
import { formatCount, formatPoint } from "./format";

export type Share = { name: string; value: number };

type Props = {
  unit: "day" | "month";
  points: SeriesPoint[];
  shares: Share[];
  /** the admin portal: shares by system */
  admin: boolean;
};

/** The theme's colours (app/globals.css), so both themes read well. */
const OUTCOMES = [
  { key: "successful", color: "var(--success)" },
  { key: "failed", color: "var(--destructive)" },
  { key: "other", color: "var(--muted-foreground)" },
] as const;
const SHARE_COLORS = ["--chart-1", "--chart-2", "--chart-3", "--chart-4", "--chart-5", "--chart-6"].map((v) => `var(${v})`);
const AXIS_TICK = { fill: "var(--muted-foreground)", fontSize: 12 };
/** legend and tooltip in the order of the stack (recharts sorts by name otherwise) */
const outcomeOrder = (item: { dataKey?: unknown }) => OUTCOMES.findIndex((o) => o.key === item.dataKey);
const HEIGHT = 240;

/**
 * Beside the table (spec operations §2 "Statistics"): the jobs per day by outcome (stacked), the pages per day and
 * each project's (system's) share of the jobs, in recharts with the theme's colours; dates and numbers in the user's
 * language. Each chart is a figure named by its title and described by its text; the table holds every number.
 */
export function StatisticsCharts({ unit, points, shares, admin }: Props) {
  const t = useTranslations("statistics");
  const locale = useLocale();
  const count = (n: number) => formatCount(locale, n);
  const tick = (key: string) => formatPoint(locale, key, unit);
  const pointLabel = (label: unknown) => (typeof label === "string" ? formatPoint(locale, label, unit, true) : undefined);
  const month = unit === "month" ? "_month" : "";

  return (
    <div className="mb-6 grid gap-4 lg:grid-cols-2 xl:grid-cols-3" data-testid="statistics-charts">
      <ChartCard title={t(`chart_outcome_title${month}`)} description={t("chart_outcome_description")} testId="chart-outcome">
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={points} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="key" tickFormatter={tick} tick={AXIS_TICK} stroke="var(--border)" minTickGap={12} />
            <YAxis allowDecimals={false} tickFormatter={count} tick={AXIS_TICK} stroke="var(--border)" width={48} />
            <Tooltip
              itemSorter={outcomeOrder}
              content={(p) => <ChartTooltip {...p} label={pointLabel(p.label)} count={count} />}
            />
            <Legend itemSorter={outcomeOrder} formatter={(value) => <span className="text-foreground text-sm">{value}</span>} />
            {OUTCOMES.map((o) => (
              <Bar
                key={o.key}
                dataKey={o.key}
                name={t(o.key === "other" ? "chart_other" : o.key)}
                stackId="jobs"
                fill={o.color}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard title={t(`chart_pages_title${month}`)} description={t("chart_pages_description")} testId="chart-pages">
        <ResponsiveContainer width="100%" height={HEIGHT}>
          <BarChart data={points} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="key" tickFormatter={tick} tick={AXIS_TICK} stroke="var(--border)" minTickGap={12} />
            <YAxis allowDecimals={false} tickFormatter={count} tick={AXIS_TICK} stroke="var(--border)" width={48} />
            <Tooltip content={(p) => <ChartTooltip {...p} label={pointLabel(p.label)} count={count} />} />
            <Bar dataKey="pages" name={t("pages")} fill="var(--chart-1)" />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <ChartCard
        title={t(admin ? "chart_share_title_admin" : "chart_share_title")}
        description={t(admin ? "chart_share_description_admin" : "chart_share_description")}
        testId="chart-share"
      >
        {shares.length ? (
          <ResponsiveContainer width="100%" height={HEIGHT}>
            <PieChart>
              <Pie
                data={shares}
                dataKey="value"
                nameKey="name"
                innerRadius="45%"
                outerRadius="80%"
                stroke={shares.length > 1 ? "var(--card)" : "none"}
              >
                {shares.map((s, i) => (
                  <Cell key={s.name} fill={SHARE_COLORS[i % SHARE_COLORS.length]} />
                ))}
              </Pie>
              <Tooltip content={(p) => <ChartTooltip {...p} label={undefined} count={count} />} />
              <Legend
                itemSorter={(item) => shares.findIndex((s) => s.name === item.value)}
                formatter={(value) => <span className="text-foreground text-sm">{value}</span>}
              />
            </PieChart>
          </ResponsiveContainer>
        ) : (
          <p className="flex items-center justify-center text-muted-foreground text-sm" style={{ height: HEIGHT }}>
            {t("chart_noData")}
          </p>
        )}
      </ChartCard>
    </div>
  );
}

function ChartCard({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card className="min-w-0 gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle id={`${id}-title`} className="text-base">
          {title}
        </CardTitle>
        <CardDescription id={`${id}-description`}>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-2">
        <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`} data-testid={testId} className="m-0">
          {children}
        </figure>
      </CardContent>
    </Card>
  );
}

/** The tooltip in the theme's popover colours. */
function ChartTooltip({
  active,
  payload,
  label,
  count,
}: Pick<TooltipContentProps<number, string>, "active" | "payload"> & {
  label: string | undefined;
  count: (n: number) => string;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border bg-popover px-3 py-2 text-popover-foreground text-sm shadow-md">
      {label && <p className="mb-1 font-medium">{label}</p>}
      {payload.map((entry) => (
        <p key={String(entry.dataKey ?? entry.name)} className="flex items-center gap-2">
          <span
            aria-hidden
            className="inline-block size-2.5 rounded-sm"
            style={{ background: entry.color ?? entry.payload?.fill }}
          />
          <span>{entry.name}</span>
          <span className="ml-auto pl-3 tabular-nums">{count(Number(entry.value ?? 0))}</span>
        </p>
      ))}
    </div>
  );
}

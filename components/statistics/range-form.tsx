"use client";

import { CalendarRangeIcon } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { DayRangeInputs, dayRangeProblems } from "@/components/forms/day-range-inputs";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldMessages } from "@/components/ui/form";
import { currentMonth, type DateRange, lastMonth } from "@/lib/statistics/rules";

/**
 * spec operations §2 "Statistics": the date range (UTC days, YYYY-MM-DD) in the URL query, with the last-month and
 * current-month shortcuts. spec §5 "begin before end": while the end is before the start (or a day is not one), the
 * message shows and nothing is queried.
 */
export function RangeForm({ range }: { range: DateRange }) {
  const t = useTranslations("statistics");
  const router = useRouter();
  const pathname = usePathname();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<DateRange>(range);
  const { unreadable, endFirst } = dayRangeProblems(draft);
  // the range of the URL may be the invalid one: it shows its message at once
  const messages = [
    ...unreadable.map((b) => t("invalidDay", { field: t(b) })),
    ...(endFirst ? [t("statistics_error_endBeforeStart")] : []),
  ];
  const show = (next: DateRange) => {
    const problems = dayRangeProblems(next);
    if (problems.unreadable.length || problems.endFirst) return;
    router.push(`${pathname}?start=${next.start}&end=${next.end}`);
  };
  const shortcut = (next: DateRange) => {
    setDraft(next);
    show(next);
  };

  return (
    <Card className="mb-6 py-4">
      <CardContent className="px-4">
        <form
          method="post"
          aria-label={t("range")}
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            show(draft);
          }}
          data-testid="statistics-range"
        >
          <DayRangeInputs
            range={draft}
            onChange={setDraft}
            idPrefix="range"
            label={(bound) => t(bound)}
            describedBy={(wrong) => (wrong ? "range-error range-hint" : "range-hint")}
            maxLength={10}
          />
          <Button type="submit" disabled={!hydrated || messages.length > 0} data-testid="statistics-show">
            <CalendarRangeIcon aria-hidden />
            {t("show")}
          </Button>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              disabled={!hydrated}
              onClick={() => shortcut(lastMonth(new Date()))}
              data-testid="statistics-last-month"
            >
              {t("lastMonth")}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!hydrated}
              onClick={() => shortcut(currentMonth(new Date()))}
              data-testid="statistics-current-month"
            >
              {t("currentMonth")}
            </Button>
          </div>
          <p id="range-hint" className="basis-full text-muted-foreground text-sm">
            {t("rangeHint")}
          </p>
          <FieldMessages id="range-error" messages={messages} className="basis-full" data-testid="statistics-range-error" />
        </form>
      </CardContent>
    </Card>
  );
}

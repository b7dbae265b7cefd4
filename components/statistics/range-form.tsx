"use client";

import { CalendarRangeIcon } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldMessages } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { currentMonth, type DateRange, endsBeforeStart, isIsoDay, lastMonth } from "@/lib/statistics/rules";

const BOUNDS = ["start", "end"] as const;

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
  const unreadable = BOUNDS.filter((b) => !isIsoDay(draft[b]));
  const endFirst = !unreadable.length && endsBeforeStart(draft);
  // the range of the URL may be the invalid one: it shows its message at once
  const messages = [
    ...unreadable.map((b) => t("invalidDay", { field: t(b) })),
    ...(endFirst ? [t("statistics_error_endBeforeStart")] : []),
  ];
  const show = (next: DateRange) => {
    if (!isIsoDay(next.start) || !isIsoDay(next.end) || endsBeforeStart(next)) return;
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
          {BOUNDS.map((bound) => {
            const wrong = unreadable.includes(bound) || (bound === "end" && endFirst);
            return (
              <div key={bound} className="grid gap-1.5">
                <Label htmlFor={`range-${bound}`}>{t(bound)}</Label>
                <Input
                  id={`range-${bound}`}
                  value={draft[bound]}
                  onChange={(e) => setDraft({ ...draft, [bound]: e.target.value.trim() })}
                  placeholder="YYYY-MM-DD"
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={10}
                  className="w-36 tabular-nums"
                  aria-invalid={wrong || undefined}
                  aria-describedby={wrong ? "range-error range-hint" : "range-hint"}
                />
              </div>
            );
          })}
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

"use client";

import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type DateRange, endsBeforeStart, isIsoDay } from "@/lib/statistics/rules";

export const DAY_BOUNDS = ["start", "end"] as const;
type Bound = (typeof DAY_BOUNDS)[number];

/** What is wrong with a typed range of days: the bounds that are no YYYY-MM-DD day, or an end before the start. */
export function dayRangeProblems(range: DateRange): { unreadable: Bound[]; endFirst: boolean } {
  const unreadable = DAY_BOUNDS.filter((b) => !isIsoDay(range[b]));
  return { unreadable, endFirst: !unreadable.length && endsBeforeStart(range) };
}

type Props = {
  range: DateRange;
  onChange: (range: DateRange) => void;
  /** the inputs' ids are `${idPrefix}-start` and `${idPrefix}-end` */
  idPrefix: string;
  label: (bound: Bound) => string;
  /** the ids that describe a bound, wrong or not (its error message, a hint) */
  describedBy: (wrong: boolean) => string | undefined;
  maxLength?: number;
};

/** The two YYYY-MM-DD inputs of a range of days (statistics, the downloads' export), each marked when it is wrong. */
export function DayRangeInputs({ range, onChange, idPrefix, label, describedBy, maxLength }: Props) {
  const { unreadable, endFirst } = dayRangeProblems(range);
  return DAY_BOUNDS.map((bound) => {
    const wrong = unreadable.includes(bound) || (bound === "end" && endFirst);
    return (
      <div key={bound} className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-${bound}`}>{label(bound)}</Label>
        <Input
          id={`${idPrefix}-${bound}`}
          value={range[bound]}
          onChange={(e) => onChange({ ...range, [bound]: e.target.value.trim() })}
          placeholder="YYYY-MM-DD"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={maxLength}
          className="w-36 tabular-nums"
          aria-invalid={wrong || undefined}
          aria-describedby={describedBy(wrong)}
        />
      </div>
    );
  });
}

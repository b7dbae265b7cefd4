"use client";

import { RotateCcwIcon, SearchIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldMessages } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { JobState } from "@/db/schema/jobs";
import { dateTimeTextToIso, isoToDateTimeText, maskDateTimeText } from "./date-time-text";
import {
  activeDateColumns,
  EMPTY_JOB_FILTERS,
  endBeforeStart,
  isValidJobIdFilter,
  type JobDateColumn,
  type JobFilters,
  searchQuery,
} from "./job-query";
import { StateFilter } from "./state-filter";

const BOUNDS = ["start", "end"] as const;

type Props = {
  filters: JobFilters;
  projects: string[];
  states: readonly JobState[];
  /** called with the filters the form pushes, before it pushes them */
  onSearch?: (filters: JobFilters) => void;
};
type TextKey = "id" | "errorCode" | "client" | "clientInfo";
type Bound = (typeof BOUNDS)[number];
type DateKey = `${JobDateColumn}-${Bound}`;

/**
 * spec operations §2 "Job monitor list": a filter per column, search, reset filter and include-removed.
 * The applied filters live in the URL query; a search starts again on the first page. Each problem shows
 * under its field, and the search does not run while there is one (spec operations §5).
 */
export function JobFilterPanel({ filters, projects, states, onSearch }: Props) {
  const t = useTranslations("jobs");
  const tf = useTranslations("jobFilters");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const hydrated = useHydrated();
  const { notify } = useStatus();
  // the date-time inputs read and show times in the zone the table shows them in
  const { timeZone } = useDates();
  const [draft, setDraft] = useState(filters);
  // what was typed into a date-time input; until then it shows the applied filter
  const [dateTexts, setDateTexts] = useState<Partial<Record<DateKey, string>>>({});
  const dateText = (column: JobDateColumn, bound: Bound) =>
    dateTexts[`${column}-${bound}`] ?? isoToDateTimeText(draft.dates[column][bound], timeZone);
  const columns = activeDateColumns(draft);
  const unreadable = new Set(
    columns.flatMap((c) =>
      BOUNDS.filter((b) => {
        const text = dateTexts[`${c}-${b}`];
        return text !== undefined && dateTimeTextToIso(text, b, timeZone) === null;
      }).map((b) => `${c}-${b}`),
    ),
  );
  const endFirst = endBeforeStart(draft);
  const idInvalid = !isValidJobIdFilter(draft.id);
  const hasErrors = idInvalid || unreadable.size > 0 || endFirst.length > 0;
  const projectOptions = draft.project && !projects.includes(draft.project) ? [draft.project, ...projects] : projects;

  const apply = (next: JobFilters) => {
    // spec operations §5: the search is not run while errors exist
    if (hasErrors || endBeforeStart(next).length || !isValidJobIdFilter(next.id)) return;
    onSearch?.(next);
    router.push(`${pathname}?${searchQuery(next, search).toString()}`);
  };
  const reset = () => {
    setDraft(EMPTY_JOB_FILTERS);
    setDateTexts({});
    onSearch?.(EMPTY_JOB_FILTERS);
    router.push(`${pathname}?${searchQuery(EMPTY_JOB_FILTERS, search).toString()}`);
    notify("success", t("jobMonitor_text_filterReset"));
  };
  const setText = (key: TextKey, value: string) => setDraft({ ...draft, [key]: value });
  const setDate = (column: JobDateColumn, bound: Bound, input: HTMLInputElement) => {
    // the mask only helps while typing at the end; an edit in the middle keeps what was typed
    const text = input.selectionStart === input.value.length ? maskDateTimeText(input.value) : input.value;
    setDateTexts({ ...dateTexts, [`${column}-${bound}`]: text });
    const iso = dateTimeTextToIso(text, bound, timeZone) ?? "";
    setDraft({ ...draft, dates: { ...draft.dates, [column]: { ...draft.dates[column], [bound]: iso } } });
  };

  const textField = (key: TextKey, label: string) => {
    const wrong = key === "id" && idInvalid;
    return (
      <FilterField id={`filter-${key}`} label={label} error={wrong ? t("jobMonitor_error_invalidId") : undefined}>
        <Input
          id={`filter-${key}`}
          value={draft[key]}
          onChange={(e) => setText(key, e.target.value)}
          inputMode={key === "id" ? "numeric" : undefined}
          autoComplete="off"
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? `filter-${key}-error` : undefined}
        />
      </FilterField>
    );
  };

  return (
    <Card className="mb-4 py-4">
      <CardContent className="px-4">
        <form
          method="post"
          aria-label={t("filters")}
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            apply(draft);
          }}
          data-testid="job-filters"
        >
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
            {textField("id", t("column_id"))}
            <FilterField id="filter-project" label={t("column_project")}>
              <NativeSelect
                id="filter-project"
                value={draft.project}
                onChange={(e) => setDraft({ ...draft, project: e.target.value })}
                title={draft.project || undefined}
              >
                <option value="">{t("filter_allProjects")}</option>
                {projectOptions.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect>
            </FilterField>
            <StateFilter
              id="filter-state"
              states={states}
              value={draft.states}
              onChange={(v) => setDraft({ ...draft, states: v })}
            />
            {textField("errorCode", t("column_errorCode"))}
            {textField("client", t("column_client"))}
            {textField("clientInfo", t("column_clientInfo"))}
          </div>
          <p id="filter-date-format" className="sr-only">
            {tf("dateTimeFormat")}
          </p>
          <div className="grid gap-3 lg:grid-cols-2 2xl:grid-cols-4">
            {columns.map((column) => {
              const endError = endFirst.includes(column);
              const errors = [
                ...BOUNDS.filter((b) => unreadable.has(`${column}-${b}`)).map((b) =>
                  tf("invalidDateTime", { field: `${t(`column_${column}`)} ${t(b === "start" ? "from" : "to")}` }),
                ),
                // spec operations §5: "<column>: invalid: end before start"
                ...(endError ? [t("jobMonitor_error_endBeforeStart", { column: t(`column_${column}`) })] : []),
              ];
              const errorId = `filter-${column}-error`;
              return (
                <fieldset key={column} className="grid min-w-0 gap-1.5" data-testid={`filter-${column}`}>
                  <legend className="mb-1.5 font-medium text-sm">{t(`column_${column}`)}</legend>
                  <div className="grid grid-cols-[auto_minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2">
                    {BOUNDS.map((bound) => {
                      const id = `filter-${column}-${bound}`;
                      const wrong = unreadable.has(`${column}-${bound}`) || (bound === "end" && endError);
                      return [
                        <Label key={`${bound}-label`} htmlFor={id} className="font-normal text-muted-foreground">
                          <span className="sr-only">{t(`column_${column}`)} </span>
                          {t(bound === "start" ? "from" : "to")}
                        </Label>,
                        <Input
                          key={bound}
                          id={id}
                          value={dateText(column, bound)}
                          onChange={(e) => setDate(column, bound, e.currentTarget)}
                          placeholder={tf("dateTimePlaceholder")}
                          inputMode="numeric"
                          autoComplete="off"
                          spellCheck={false}
                          className="tabular-nums"
                          aria-invalid={wrong || undefined}
                          aria-describedby={wrong ? `${errorId} filter-date-format` : "filter-date-format"}
                        />,
                      ];
                    })}
                  </div>
                  <FieldMessages id={errorId} messages={errors} data-testid="filter-error" />
                </fieldset>
              );
            })}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!hydrated || hasErrors} data-testid="job-search">
              <SearchIcon aria-hidden="true" />
              {t("search")}
            </Button>
            <Button type="button" variant="outline" onClick={reset} data-testid="job-filter-reset">
              <RotateCcwIcon aria-hidden="true" />
              {t("resetFilter")}
            </Button>
            <div className="flex items-center gap-2">
              <Checkbox
                id="filter-include-removed"
                checked={draft.includeDeleted}
                onCheckedChange={(checked) => {
                  const next = { ...draft, includeDeleted: checked === true };
                  setDraft(next);
                  apply(next);
                }}
                data-testid="include-removed"
              />
              <Label htmlFor="filter-include-removed">{t("includeRemoved")}</Label>
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function FilterField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-1.5">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      {children}
      <FieldMessages id={`${id}-error`} messages={error ? [error] : []} data-testid="filter-error" />
    </div>
  );
}

"use client";

import { RotateCcwIcon, SearchIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { FormErrors } from "@/components/auth/form-errors";
import { useStatus } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { JobState } from "@/db/schema/jobs";
import { isoToLocalInput, localInputToIso } from "./dates";
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

/** The value of the project select that stands for "every project" (a select item needs a non-empty value). */
const ALL_PROJECTS = "__all__";

type Props = { filters: JobFilters; projects: string[]; states: readonly JobState[] };

type TextKey = "id" | "errorCode" | "client" | "clientInfo";

/**
 * spec operations §2 "Job monitor list": a filter per column, search, reset filter and include-removed.
 * The applied filters live in the URL query; a search starts again on the first page.
 */
export function JobFilterPanel({ filters, projects, states }: Props) {
  const t = useTranslations("jobs");
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const hydrated = useHydrated();
  const { notify } = useStatus();
  const [draft, setDraft] = useState(filters);
  const invalid = endBeforeStart(draft);
  const idInvalid = !isValidJobIdFilter(draft.id);
  const errors = [
    ...(idInvalid ? [t("jobMonitor_error_invalidId")] : []),
    // spec operations §5: "<column>: invalid: end before start"
    ...invalid.map((c) => t("jobMonitor_error_endBeforeStart", { column: t(`column_${c}`) })),
  ];
  const projectOptions = draft.project && !projects.includes(draft.project) ? [draft.project, ...projects] : projects;

  const apply = (next: JobFilters) => {
    // spec operations §5: the search is not run while errors exist
    if (endBeforeStart(next).length || !isValidJobIdFilter(next.id)) return;
    router.push(`${pathname}?${searchQuery(next, search).toString()}`);
  };
  const reset = () => {
    setDraft(EMPTY_JOB_FILTERS);
    router.push(`${pathname}?${searchQuery(EMPTY_JOB_FILTERS, search).toString()}`);
    notify("success", t("jobMonitor_text_filterReset"));
  };
  const setText = (key: TextKey, value: string) => setDraft({ ...draft, [key]: value });
  const setDate = (column: JobDateColumn, bound: "start" | "end", value: string) =>
    setDraft({ ...draft, dates: { ...draft.dates, [column]: { ...draft.dates[column], [bound]: localInputToIso(value) } } });

  const textField = (key: TextKey, label: string) => (
    <FilterField id={`filter-${key}`} label={label}>
      <Input
        id={`filter-${key}`}
        value={draft[key]}
        onChange={(e) => setText(key, e.target.value)}
        inputMode={key === "id" ? "numeric" : undefined}
        autoComplete="off"
        aria-invalid={(key === "id" && idInvalid) || undefined}
        aria-describedby={key === "id" && idInvalid ? "job-filter-errors" : undefined}
      />
    </FilterField>
  );

  return (
    <Card className="mb-4">
      <CardContent>
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
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
            {textField("id", t("column_id"))}
            <FilterField id="filter-project" label={t("column_project")}>
              <Select
                value={draft.project || ALL_PROJECTS}
                onValueChange={(v) => setDraft({ ...draft, project: v === ALL_PROJECTS ? "" : v })}
              >
                <SelectTrigger id="filter-project" className="w-full" aria-labelledby="filter-project-label">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={ALL_PROJECTS}>{t("filter_allProjects")}</SelectItem>
                  {projectOptions.map((name) => (
                    <SelectItem key={name} value={name}>
                      {name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
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
          <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
            {activeDateColumns(draft).map((column) => (
              <fieldset key={column} className="grid gap-2" data-testid={`filter-${column}`}>
                <legend className="mb-2 font-medium text-sm">{t(`column_${column}`)}</legend>
                {(["start", "end"] as const).map((bound) => {
                  const id = `filter-${column}-${bound}`;
                  const wrong = bound === "end" && invalid.includes(column);
                  return (
                    <div key={bound} className="grid grid-cols-[3rem_1fr] items-center gap-2">
                      <Label htmlFor={id} className="text-muted-foreground">
                        <span className="sr-only">{t(`column_${column}`)} </span>
                        {t(bound === "start" ? "from" : "to")}
                      </Label>
                      <Input
                        id={id}
                        type="datetime-local"
                        step={1}
                        value={hydrated ? isoToLocalInput(draft.dates[column][bound]) : ""}
                        onChange={(e) => setDate(column, bound, e.target.value)}
                        aria-invalid={wrong || undefined}
                        aria-describedby={wrong ? "job-filter-errors" : undefined}
                      />
                    </div>
                  );
                })}
              </fieldset>
            ))}
          </div>
          <div id="job-filter-errors">
            <FormErrors messages={errors} />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!hydrated || errors.length > 0} data-testid="job-search">
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

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      {children}
    </div>
  );
}

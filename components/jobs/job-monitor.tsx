"use client";

import { ChevronDownIcon, FilterIcon, RefreshCwIcon, RotateCcwIcon, Trash2Icon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useState } from "react";
import { useFormMount } from "@/components/shell/form-mount";
import { useStatus } from "@/components/shell/status-bar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { JobState } from "@/db/schema/jobs";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { ConfirmButton } from "./confirm-button";
import { JobFilterPanel } from "./job-filters";
import { activeFilterCount, arrivingFilterKey, filtersToQuery, type JobFilters } from "./job-query";
import type { JobRow } from "./job-row";
import { JobsTable } from "./jobs-table";
import { useJobActions } from "./use-job-actions";

type Props = {
  rows: JobRow[];
  total: number;
  totalExact: boolean;
  page: number;
  pageSize: number;
  filters: JobFilters;
  projects: string[];
  states: readonly JobState[];
  base: string;
  /** why the jobs could not be read (shown as jobMonitor_error_loads) */
  loadErrors: ErrorEntry[];
};

/** spec operations §2 "Job monitor list": filters, bulk actions, refresh and the server-paged table. */
export function JobMonitor({ rows, total, totalExact, page, pageSize, filters, projects, states, base, loadErrors }: Props) {
  const t = useTranslations("jobs");
  const tf = useTranslations("jobFilters");
  const router = useRouter();
  const { notifyErrors } = useStatus();
  const actions = useJobActions();
  const [selected, setSelected] = useState<string[]>([]);
  // a new table after a bulk action clears its selection
  const [tableKey, setTableKey] = useState(0);
  const filterKey = filtersToQuery(filters).toString();
  const form = useFormMount(filterKey);
  const active = activeFilterCount(filters);
  // the filter panel takes much of the first screen: open when the URL applies filters, else on demand
  const [filtersOpen, setFiltersOpen] = useState(active > 0);
  // the panel's form is rendered from its first opening on (then kept, with what was typed, while it is closed):
  // a closed panel's inputs, selects and date fields would be most of the page's markup beside the table
  const [filtersMounted, setFiltersMounted] = useState(filtersOpen);

  // spec operations §8: jobMonitor_error_loads in the status bar, once per distinct failure
  const loadErrorKey = loadErrors.length ? JSON.stringify(loadErrors) : "";
  const reportLoadErrors = useEffectEvent(() => notifyErrors(loadErrors, (error) => t("jobMonitor_error_loads", { error })));
  useEffect(() => {
    if (loadErrorKey) reportLoadErrors();
  }, [loadErrorKey]);

  const ids = selected.map(Number);
  const done = () => setTableKey((k) => k + 1);
  const emptyText = loadErrors.length ? t("loadFailed") : filterKey ? t("emptyFiltered") : t("empty");

  return (
    // width 0 stretched to 100 %: the wide table scrolls in its own box instead of widening the portal's main area
    <div className="w-0 min-w-full">
      <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="job-bulk-actions">
        <Button
          variant="outline"
          aria-expanded={filtersOpen}
          aria-controls="job-filter-panel"
          onClick={() => {
            setFiltersMounted(true);
            setFiltersOpen((open) => !open);
          }}
          data-testid="job-filters-toggle"
        >
          <FilterIcon aria-hidden="true" />
          {tf("toggle")}
          {active > 0 && <Badge variant="secondary">{tf("active", { count: active })}</Badge>}
          <ChevronDownIcon
            aria-hidden="true"
            className={filtersOpen ? "rotate-180 transition-transform" : "transition-transform"}
          />
        </Button>
        <span className="text-muted-foreground text-sm" aria-live="polite">
          {t("selectedCount", { count: ids.length })}
        </span>
        <ConfirmButton
          label={t("restartSelected")}
          icon={RotateCcwIcon}
          title={t("restartSelectedTitle", { count: ids.length })}
          description={t("restartSelectedText")}
          disabled={!ids.length || actions.pending}
          onConfirm={() => actions.restart(ids, { batch: true, onDone: done })}
          testId="restart-selected"
        />
        <ConfirmButton
          label={t("deleteSelected")}
          icon={Trash2Icon}
          title={t("deleteSelectedTitle", { count: ids.length })}
          description={t("deleteSelectedText")}
          disabled={!ids.length || actions.pending}
          destructive
          onConfirm={() => actions.remove(ids, { batch: true, onDone: done })}
          testId="delete-selected"
        />
        <Button variant="outline" className="ml-auto" onClick={() => router.refresh()} data-testid="job-refresh">
          <RefreshCwIcon aria-hidden="true" />
          {t("refresh")}
        </Button>
      </div>
      <div id="job-filter-panel" hidden={!filtersOpen}>
        {/* started again from the URL's filters on a real navigation (back, a link), not when its own search arrives */}
        {filtersMounted && (
          <JobFilterPanel
            key={form.key}
            filters={filters}
            projects={projects}
            states={states}
            onSearch={(next) => form.send(arrivingFilterKey(next, states))}
          />
        )}
      </div>
      <JobsTable
        key={tableKey}
        rows={rows}
        total={total}
        totalExact={totalExact}
        page={page}
        pageSize={pageSize}
        showDeleted={filters.includeDeleted}
        base={base}
        actions={actions}
        emptyText={emptyText}
        onSelectionChange={setSelected}
      />
    </div>
  );
}

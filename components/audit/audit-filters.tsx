"use client";

import { Loader2Icon, RotateCcwIcon, SearchIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { MultiSelect } from "@/components/forms/multi-select";
import { useDates } from "@/components/i18n/use-dates";
import { dateTimeTextToIso, isoToDateTimeText, maskDateTimeText } from "@/components/jobs/date-time-text";
import { useStatus } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { FieldMessages } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { AUDIT_CATEGORIES, AUDIT_OPERATIONS } from "@/db/schema/audit";
import { auditChoicesAction } from "@/lib/audit/actions";
import { AUDIT_VALUE_MAX, type AuditSystem } from "@/lib/audit/schemas";
import { PAGE_SIZES } from "@/lib/paging";
import { type AuditFilterValues, auditEndBeforeStart, EMPTY_AUDIT_FILTERS } from "./audit-query";

const BOUNDS = ["start", "end"] as const;
type Bound = (typeof BOUNDS)[number];

type Props = {
  filters: AuditFilterValues;
  pageSize: number;
  /** the admin portal's system choice; null in a system's portal, whose system is fixed */
  systems: AuditSystem[] | null;
  /** the system of a system's portal */
  fixedSystemName?: string;
  projects: string[];
  users: string[];
  pending: boolean;
  onSearch: (filters: AuditFilterValues, pageSize: number) => void;
};

/**
 * spec operations §2 "Audit trail": the search form. Project and user choices follow the chosen system (they are the
 * names in that system's rows); an end before the start shows EndBeforeStart and the search does not run (spec §5).
 */
export function AuditFilterForm({ filters, pageSize, systems, fixedSystemName, projects, users, pending, onSearch }: Props) {
  const t = useTranslations("audittrail");
  const tf = useTranslations("jobFilters");
  const te = useTranslations("errors");
  const hydrated = useHydrated();
  const { notify, notifyErrors } = useStatus();
  const { timeZone } = useDates();
  const [draft, setDraft] = useState(filters);
  const [size, setSize] = useState(pageSize);
  const [choices, setChoices] = useState({ projects, users });
  const [loadingChoices, setLoadingChoices] = useState(false);
  // what was typed into a date-time input; until then it shows the applied bound
  const [dateTexts, setDateTexts] = useState<Partial<Record<Bound, string>>>({});
  const dateText = (bound: Bound) => dateTexts[bound] ?? isoToDateTimeText(draft[bound], timeZone);
  const unreadable = BOUNDS.filter((b) => {
    const text = dateTexts[b];
    return text !== undefined && dateTimeTextToIso(text, b, timeZone) === null;
  });
  const endFirst = auditEndBeforeStart(draft);
  const hasErrors = unreadable.length > 0 || endFirst;
  const systemChosen = systems === null || draft.systemId !== "";

  const chooseSystem = async (systemId: string) => {
    setDraft({ ...draft, systemId, project: "", user: "" });
    if (!systemId) {
      setChoices({ projects: [], users: [] });
      return;
    }
    setLoadingChoices(true);
    const result = await auditChoicesAction({ systemId });
    setLoadingChoices(false);
    if (result.ok) setChoices(result.data);
    else notifyErrors(result.errors, (error) => t("audittrail_error_load", { error }));
  };
  const setDate = (bound: Bound, input: HTMLInputElement) => {
    // the mask only helps while typing at the end; an edit in the middle keeps what was typed
    const text = input.selectionStart === input.value.length ? maskDateTimeText(input.value) : input.value;
    setDateTexts({ ...dateTexts, [bound]: text });
    setDraft({ ...draft, [bound]: dateTimeTextToIso(text, bound, timeZone) ?? "" });
  };
  const reset = () => {
    const empty = { ...EMPTY_AUDIT_FILTERS, systemId: systems === null ? draft.systemId : "" };
    setDraft(empty);
    setDateTexts({});
    if (systems !== null) setChoices({ projects: [], users: [] });
    onSearch(empty, size);
    notify("success", t("filterReset"));
  };
  const withCurrent = (options: string[], current: string) =>
    current && !options.includes(current) ? [current, ...options] : options;

  return (
    <Card className="mb-4 py-4">
      <CardContent className="px-4">
        <form
          method="post"
          aria-label={t("searchForm")}
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            // spec operations §5: the search is not run while errors exist
            if (!hasErrors) onSearch(draft, size);
          }}
          data-testid="audit-filters"
        >
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Field id="audit-value" label={t("value")} className="sm:col-span-2" description={t("valueHint")}>
              <Input
                id="audit-value"
                value={draft.value}
                maxLength={AUDIT_VALUE_MAX - 2}
                onChange={(e) => setDraft({ ...draft, value: e.target.value })}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="audit-value-description"
              />
            </Field>
            <MultiSelect
              id="audit-categories"
              label={t("categories")}
              options={AUDIT_CATEGORIES}
              value={draft.categories}
              onChange={(categories) => setDraft({ ...draft, categories })}
              optionLabel={(c) => t(`category_${c}`)}
              allLabel={t("allCategories")}
              selectAllLabel={t("selectAll")}
              selectedLabel={(count) => t("selected", { count })}
            />
            <MultiSelect
              id="audit-operations"
              label={t("operations")}
              options={AUDIT_OPERATIONS}
              value={draft.operations}
              onChange={(operations) => setDraft({ ...draft, operations })}
              optionLabel={(o) => t(`operation_${o}`)}
              allLabel={t("allOperations")}
              selectAllLabel={t("selectAll")}
              selectedLabel={(count) => t("selected", { count })}
            />
            <Field id="audit-system" label={t("system")}>
              {systems === null ? (
                <Input
                  id="audit-system"
                  value={fixedSystemName ?? ""}
                  readOnly
                  aria-readonly="true"
                  className="bg-muted text-muted-foreground dark:bg-muted"
                />
              ) : (
                <NativeSelect
                  id="audit-system"
                  value={draft.systemId}
                  onChange={(e) => void chooseSystem(e.target.value)}
                  data-testid="audit-system"
                >
                  <option value="">{t("allSystems")}</option>
                  {systems.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name ?? t("deletedSystem", { id: s.id })}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            {(["project", "user"] as const).map((key) => {
              const options = withCurrent(key === "project" ? choices.projects : choices.users, draft[key]);
              return (
                <Field
                  key={key}
                  id={`audit-${key}`}
                  label={t(key)}
                  description={systemChosen ? undefined : t("chooseSystemFirst")}
                >
                  <NativeSelect
                    id={`audit-${key}`}
                    value={draft[key]}
                    disabled={!systemChosen || loadingChoices}
                    onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
                    aria-describedby={systemChosen ? undefined : `audit-${key}-description`}
                    aria-busy={loadingChoices || undefined}
                    data-testid={`audit-${key}`}
                  >
                    <option value="">{t(key === "project" ? "allProjects" : "allUsers")}</option>
                    {options.map((name) => (
                      <option key={name} value={name}>
                        {name}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
              );
            })}
            {BOUNDS.map((bound) => {
              const wrong = unreadable.includes(bound) || (bound === "end" && endFirst);
              const messages = [
                ...(unreadable.includes(bound) ? [tf("invalidDateTime", { field: t(bound) })] : []),
                // spec operations §5 EndBeforeStart, shown on the form
                ...(bound === "end" && endFirst ? [te("EndBeforeStart")] : []),
              ];
              return (
                <Field key={bound} id={`audit-${bound}`} label={t(bound)} messages={messages}>
                  <Input
                    id={`audit-${bound}`}
                    value={dateText(bound)}
                    onChange={(e) => setDate(bound, e.currentTarget)}
                    placeholder={tf("dateTimePlaceholder")}
                    inputMode="numeric"
                    autoComplete="off"
                    spellCheck={false}
                    className="tabular-nums"
                    aria-invalid={wrong || undefined}
                    aria-describedby={wrong ? `audit-${bound}-error audit-date-format` : "audit-date-format"}
                  />
                </Field>
              );
            })}
            <Field id="audit-page-size" label={t("pageSize")}>
              <NativeSelect id="audit-page-size" value={String(size)} onChange={(e) => setSize(Number(e.target.value))}>
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <p id="audit-date-format" className="sr-only">
            {tf("dateTimeFormat")}
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!hydrated || hasErrors || pending} data-testid="audit-search">
              {pending ? <Loader2Icon aria-hidden="true" className="animate-spin" /> : <SearchIcon aria-hidden="true" />}
              {t("search")}
            </Button>
            <Button type="button" variant="outline" onClick={reset} data-testid="audit-reset">
              <RotateCcwIcon aria-hidden="true" />
              {t("reset")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function Field({
  id,
  label,
  description,
  messages = [],
  className,
  children,
}: {
  id: string;
  label: string;
  description?: string;
  messages?: string[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`grid min-w-0 content-start gap-1.5 ${className ?? ""}`}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {description && (
        <p id={`${id}-description`} className="text-muted-foreground text-xs">
          {description}
        </p>
      )}
      <FieldMessages id={`${id}-error`} messages={messages} data-testid="audit-filter-error" />
    </div>
  );
}

"use client";

import { DownloadIcon } from "lucide-react";
import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useTransition } from "react";
import { useFormMount } from "@/components/shell/form-mount";
import { Button } from "@/components/ui/button";
import { AUDIT_EXPORT_MAX, type AuditItem, type AuditSystem } from "@/lib/audit/schemas";
import { AuditFilterForm } from "./audit-filters";
import { type AuditFilterValues, activeAuditFilterCount, auditExportHref, auditSearchQuery } from "./audit-query";
import { AuditTable } from "./audit-table";
import { arrivingSearchOf, formSearchOf } from "./form-mount";

type Props = {
  filters: AuditFilterValues;
  endBeforeStart: boolean;
  failed: boolean;
  rows: AuditItem[];
  total: number;
  page: number;
  pageSize: number;
  systems: AuditSystem[] | null;
  fixedSystemName?: string;
  projects: string[];
  users: string[];
};

/** spec operations §2 "Audit trail": the search form, the CSV export of the result and the paged result table. */
export function AuditTrail(props: Props) {
  const { filters, rows, total, page, pageSize } = props;
  const t = useTranslations("audittrail");
  const router = useRouter();
  const pathname = usePathname();
  const [pending, startTransition] = useTransition();
  // a system's portal names its system in the path, not the query
  const own = (f: AuditFilterValues) => (props.systems === null ? { ...f, systemId: "" } : f);
  // the form starts again from the page's search on a real navigation (back, forward, a link), not when its own arrives
  const shown = formSearchOf(own(filters), pageSize);
  const form = useFormMount(shown);
  const search = (next: AuditFilterValues, size: number) => {
    const query = auditSearchQuery(own(next), size);
    form.send(arrivingSearchOf(query, size));
    startTransition(() => router.push(`${pathname}?${query.toString()}`));
  };
  const emptyText = props.failed
    ? t("loadFailed")
    : props.endBeforeStart
      ? t("notSearched")
      : activeAuditFilterCount(filters) > 0
        ? t("emptyFiltered")
        : t("empty");
  const tooLarge = total > AUDIT_EXPORT_MAX;

  return (
    // width 0 stretched to 100 %: the wide table scrolls in its own box instead of widening the portal's main area
    <div className="w-0 min-w-full">
      <AuditFilterForm
        key={form.key}
        filters={filters}
        pageSize={pageSize}
        systems={props.systems}
        fixedSystemName={props.fixedSystemName}
        projects={props.projects}
        users={props.users}
        pending={pending}
        onSearch={search}
      />
      <div className="mb-3 flex flex-wrap items-center justify-end gap-3">
        {tooLarge && (
          <p id="audit-export-hint" className="text-muted-foreground text-sm">
            {t("exportTooLarge", { max: AUDIT_EXPORT_MAX })}
          </p>
        )}
        {total > 0 && !tooLarge ? (
          <Button asChild variant="outline">
            <a href={auditExportHref(filters)} download data-testid="audit-export">
              <DownloadIcon aria-hidden="true" />
              {t("export")}
            </a>
          </Button>
        ) : (
          <Button
            variant="outline"
            disabled
            aria-describedby={tooLarge ? "audit-export-hint" : undefined}
            data-testid="audit-export"
          >
            <DownloadIcon aria-hidden="true" />
            {t("export")}
          </Button>
        )}
      </div>
      <AuditTable rows={rows} total={total} page={page} pageSize={pageSize} emptyText={emptyText} busy={pending} />
    </div>
  );
}

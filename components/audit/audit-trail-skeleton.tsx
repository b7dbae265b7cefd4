import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { Skeleton } from "@/components/ui/skeleton";

const ROWS = 6;
const COLUMNS = 7;

/** The audit trail while its search runs: the title, the search form and a table of placeholders. */
export async function AuditTrailSkeleton() {
  const [t, tg] = await Promise.all([getTranslations("audittrail"), getTranslations("general")]);
  return (
    <div aria-busy="true" data-testid="audit-skeleton">
      <PageHeader title={t("title")} />
      <span className="sr-only" role="status">
        {tg("loading")}
      </span>
      <Skeleton className="mb-4 h-56 w-full" />
      <div className="rounded-md border">
        {Array.from({ length: ROWS }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={row} className="flex gap-4 border-b p-3 last:border-b-0">
            {Array.from({ length: COLUMNS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
              <Skeleton key={i} className={i === COLUMNS - 1 ? "h-12 flex-[3]" : "h-8 flex-1"} />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

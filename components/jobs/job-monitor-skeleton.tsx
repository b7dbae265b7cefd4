import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { Skeleton } from "@/components/ui/skeleton";

const ROWS = 8;
const COLUMNS = 9;

/** The job monitor while its jobs load: the title, the filter bar, the actions and a table of placeholders. */
export async function JobMonitorSkeleton() {
  const [t, tg] = await Promise.all([getTranslations("jobs"), getTranslations("general")]);
  return (
    <div aria-busy="true" data-testid="job-monitor-skeleton">
      <PageHeader title={t("title")} />
      <span className="sr-only" role="status">
        {tg("loading")}
      </span>
      <div className="mb-3 flex items-center gap-2">
        <Skeleton className="h-9 w-28" />
        <Skeleton className="h-5 w-28" />
        <Skeleton className="h-9 w-36" />
        <Skeleton className="h-9 w-36" />
        <Skeleton className="ml-auto h-9 w-28" />
      </div>
      <div className="rounded-md border">
        <div className="flex gap-4 border-b p-3">
          {Array.from({ length: COLUMNS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <Skeleton key={i} className="h-5 flex-1" />
          ))}
        </div>
        {Array.from({ length: ROWS }, (_, row) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <div key={row} className="flex gap-4 border-b p-3 last:border-b-0">
            {Array.from({ length: COLUMNS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
              <Skeleton key={i} className="h-8 flex-1" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import type { Loaded } from "@/components/portal/load";
import { LoadFailed } from "@/components/portal/load-failed";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ListedType } from "@/lib/downloads/rules";
import type { DownloadPage } from "@/lib/downloads/schemas";
import { DownloadsTable } from "./downloads-table";
import { ExportForm } from "./export-form";

type Props = {
  types: ListedType[];
  type: ListedType;
  page: number;
  pageSize: number;
  loaded: Loaded<DownloadPage>;
  admin: boolean;
  /** a system portal's system (its archive now holds that system's rows); the admin portal: none, every system's */
  systemId?: string;
};

/**
 * One tab per type the user may see; the tab lives in the URL (`?type=`), its list is read by the page. The audit trail's
 * and the metrics' tabs offer "archive now" above the list (issue 23).
 */
export function DownloadsTabs({ types, type, page, pageSize, loaded, admin, systemId }: Props) {
  const t = useTranslations("downloads");
  const router = useRouter();
  const pathname = usePathname();
  return (
    <Tabs value={type} onValueChange={(value) => router.replace(`${pathname}?type=${value}`)}>
      <TabsList>
        {types.map((x) => (
          <TabsTrigger key={x} value={x} data-testid={`tab-${x}`}>
            {t(`tab_${x}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value={type} className="grid gap-3">
        {(type === "AuditTrail" || type === "Metric") && (
          <ExportForm key={type} type={type} admin={admin} {...(systemId ? { systemId } : {})} />
        )}
        {"errors" in loaded ? (
          <LoadFailed errors={loaded.errors} message="downloads.downloads_error_load" testId="downloads-load-error" />
        ) : (
          <DownloadsTable result={loaded.value} page={page} pageSize={pageSize} admin={admin} type={type} />
        )}
      </TabsContent>
    </Tabs>
  );
}

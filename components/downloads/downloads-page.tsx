import { LockIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { DownloadsTabs } from "./downloads-tabs";
import type { DownloadsView } from "./load";

type Props = {
  view: DownloadsView;
  /** the admin portal lists every system's downloads (with a system column) */
  admin: boolean;
  /** the system portal's system */
  systemId?: string;
};

/** spec operations §2 "Downloads": tabs by type (per permission), the paged list, or the no-access text. */
export async function DownloadsPage({ view, admin, systemId }: Props) {
  const t = await getTranslations("downloads");
  return (
    <>
      <PageHeader title={t("title")} />
      {view.kind === "noAccess" ? (
        <Card className="max-w-xl">
          <CardContent>
            <p className="flex items-center gap-2 text-muted-foreground text-sm" data-testid="downloads-no-access">
              <LockIcon className="size-5 shrink-0" aria-hidden="true" />
              {t("noAccess")}
            </p>
          </CardContent>
        </Card>
      ) : (
        <DownloadsTabs
          types={view.types}
          type={view.type}
          page={view.page}
          pageSize={view.pageSize}
          loaded={view.loaded}
          admin={admin}
          {...(systemId ? { systemId } : {})}
        />
      )}
    </>
  );
}

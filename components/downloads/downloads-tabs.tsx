"use client";

import { usePathname, useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { ListedType } from "@/lib/downloads/rules";
import type { DownloadPage } from "@/lib/downloads/schemas";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { DownloadsTable } from "./downloads-table";

type Props = {
  types: ListedType[];
  type: ListedType;
  page: number;
  pageSize: number;
  loaded: { result: DownloadPage } | { errors: ErrorEntry[] };
  admin: boolean;
};

/** One tab per type the user may see; the tab lives in the URL (`?type=`), its list is read by the page. */
export function DownloadsTabs({ types, type, page, pageSize, loaded, admin }: Props) {
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
        {"errors" in loaded ? (
          <LoadFailed errors={loaded.errors} />
        ) : (
          <DownloadsTable result={loaded.result} page={page} pageSize={pageSize} admin={admin} type={type} />
        )}
      </TabsContent>
    </Tabs>
  );
}

function LoadFailed({ errors }: { errors: ErrorEntry[] }) {
  const t = useTranslations("downloads");
  const errorText = useErrorMessage();
  return (
    <Alert variant="destructive" data-testid="downloads-load-error">
      <AlertDescription>{t("downloads_error_load", { error: errors.map(errorText).join(" | ") })}</AlertDescription>
    </Alert>
  );
}

import { ConstructionIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { PageHeader } from "./page-header";

/** A sidebar entry whose area is not built yet leads here, never to a dead link. */
export async function ComingSoon({ navKey, dashboardHref }: { navKey: string; dashboardHref: string }) {
  const [t, tn] = await Promise.all([getTranslations("comingSoon"), getTranslations("nav")]);
  return (
    <>
      <PageHeader title={t("title", { area: tn(navKey) })} />
      <Card className="max-w-xl">
        <CardContent className="flex flex-col items-start gap-4">
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="coming-soon">
            <ConstructionIcon className="size-5" aria-hidden />
            {t("message")}
          </p>
          <Button asChild variant="outline">
            <Link href={dashboardHref}>{t("back")}</Link>
          </Button>
        </CardContent>
      </Card>
    </>
  );
}

import { CircleOffIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import type { FeatureName } from "@/lib/settings/schemas";

/** What a page of a switched-off feature shows (DESIGN.md "Feature flags"): its name, that it is off, and who can help. */
export async function FeatureOff({ feature, title }: { feature: FeatureName; title?: string }) {
  const t = await getTranslations("features");
  return (
    <>
      <PageHeader title={title ?? t(feature)} />
      <div className="flex max-w-2xl items-start gap-3 rounded-lg border bg-card p-4" data-testid="feature-off">
        <CircleOffIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="grid gap-1">
          <p className="font-medium">{t("off", { feature: t(feature) })}</p>
          <p className="text-muted-foreground text-sm">{t("offHint")}</p>
        </div>
      </div>
    </>
  );
}

"use client";

import { useTranslations } from "next-intl";
import { updateFeatureFlagsAction } from "@/lib/config/actions";
import { type FeatureFlags, ZFeatureFlags } from "@/lib/settings/schemas";
import { CheckboxSettingsForm } from "./checkbox-settings-form";

/** The customise tab's feature flags (DESIGN.md "Feature flags"): what this installation offers its users. */
export function FeatureFlagsForm({ flags }: { flags: FeatureFlags }) {
  const t = useTranslations("configuration");
  return (
    <CheckboxSettingsForm
      title={t("featureFlags")}
      description={t("featureFlagsHint")}
      schema={ZFeatureFlags}
      values={flags}
      fields={[
        { name: "Download", label: t("flagDownload") },
        { name: "LearnPortal", label: t("flagLearnPortal") },
        { name: "OpenApi", label: t("flagOpenApi") },
      ]}
      save={updateFeatureFlagsAction}
      testId="feature-flags"
    />
  );
}

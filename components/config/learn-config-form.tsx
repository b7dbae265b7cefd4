"use client";

import { useTranslations } from "next-intl";
import { updateLearnConfigAction } from "@/lib/config/actions";
import { type LearnConfigDto, learnConfigFormSchema } from "@/lib/settings/schemas";
import { CheckboxSettingsForm } from "./checkbox-settings-form";

/** spec operations §2 Configuration, customise tab: the learn settings (spec §3 Learn config). */
export function LearnConfigForm({ config }: { config: LearnConfigDto }) {
  const t = useTranslations("configuration");
  return (
    <CheckboxSettingsForm
      title={t("learnSettings")}
      schema={learnConfigFormSchema}
      values={config}
      fields={[
        { name: "createLearnJobOnClusterChange", label: t("createLearnJobOnClusterChange") },
        { name: "createLearnJobOnProjectChange", label: t("createLearnJobOnProjectChange") },
      ]}
      save={updateLearnConfigAction}
      testId="learn-config"
    />
  );
}

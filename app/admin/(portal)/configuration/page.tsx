import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ActiveSettings } from "@/components/config/active-settings";
import { FeatureFlagsForm } from "@/components/config/feature-flags-form";
import { LearnConfigForm } from "@/components/config/learn-config-form";
import { ServiceConfigForm } from "@/components/config/service-config-form";
import { PageHeader } from "@/components/portal/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { requireAdminPage } from "@/lib/auth/guard";
import { readConfigAll } from "@/lib/config/queries";
import { getDb } from "@/lib/db";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("configuration"))("title") };
}

/**
 * spec operations §2 Configuration: tabs customise (hidden when export is disabled, with a note saying what that
 * freezes: docs/decisions.md "Configuration") and active.
 */
export default async function ConfigurationPage() {
  const caller = await requireAdminPage("ManageConfiguration");
  const t = await getTranslations("configuration");
  const settings = await readConfigAll(await getDb(), caller);
  const customise = !settings.environment.isConfigurationExportDisabled;
  return (
    <>
      <PageHeader title={t("title")} />
      {!customise && (
        <Alert className="mb-4" data-testid="export-disabled-note">
          <AlertDescription>{t("exportDisabledNote")}</AlertDescription>
        </Alert>
      )}
      <Tabs defaultValue={customise ? "customise" : "active"}>
        <TabsList>
          {customise && (
            <TabsTrigger value="customise" data-testid="tab-customise">
              {t("tabCustomise")}
            </TabsTrigger>
          )}
          <TabsTrigger value="active" data-testid="tab-active">
            {t("tabActive")}
          </TabsTrigger>
        </TabsList>
        {customise && (
          <TabsContent value="customise" className="grid gap-6">
            <ServiceConfigForm config={settings.service} />
            <LearnConfigForm config={settings.learn} />
            <FeatureFlagsForm flags={settings.featureFlags} />
          </TabsContent>
        )}
        <TabsContent value="active">
          <ActiveSettings settings={settings} />
        </TabsContent>
      </Tabs>
    </>
  );
}

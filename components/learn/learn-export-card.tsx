import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { type ExportTarget, LearnExportControl } from "./learn-export-control";

/** The export card of a learn project: on its edit page and in the learn portal's overview. */
export async function LearnExportCard(props: {
  projectId: string;
  targets: ExportTarget[];
  linkedProjectId: string | null;
  disabledReason?: string;
}) {
  const t = await getTranslations("learnRuns");
  return (
    <Card data-testid="learn-export-card">
      <CardHeader>
        <CardTitle>
          <h2>{t("exportTitle")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <LearnExportControl {...props} />
      </CardContent>
    </Card>
  );
}

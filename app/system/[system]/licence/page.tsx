import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LicenceDetail } from "@/components/licences/licence-detail";
import { PageHeader } from "@/components/portal/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { getLicence, licenceChildTree, licenceParents, systemsUsingLicence } from "@/lib/licences/queries";
import { getSystemDto } from "@/lib/systems/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("licence"))("systemLicence") };
}

type Props = { params: Promise<{ system: string }> };

/** The system's licence, read-only (issue "Systems and licences"). */
export default async function SystemLicencePage({ params }: Props) {
  const { system } = await requireSystemPage((await params).system, "ManageSystemConfig");
  const t = await getTranslations("licence");
  const db = await getDb();
  const dto = await getSystemDto(db, { id: system.id });
  const licence = dto?.licenceId ? await getLicence(db, { id: dto.licenceId }) : undefined;
  const [tree, systemsUsing, parents] = licence
    ? await Promise.all([
        licenceChildTree(db, { ids: licence.childLicences }),
        systemsUsingLicence(db, { id: licence.id }),
        licenceParents(db, { id: licence.id }),
      ])
    : [[], [], []];
  return (
    <>
      <PageHeader title={t("systemLicence")} />
      {licence ? (
        <LicenceDetail licence={licence} tree={tree} systemsUsing={systemsUsing} parents={parents} links={false} />
      ) : (
        <Card className="max-w-xl">
          <CardContent className="text-sm text-muted-foreground" data-testid="no-licence">
            {t("noLicence")}
          </CardContent>
        </Card>
      )}
    </>
  );
}

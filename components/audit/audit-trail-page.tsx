import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { AuditTrail } from "./audit-trail";
import type { AuditTrailData } from "./load";

type Props = {
  data: AuditTrailData;
  /** the system of a system's portal (fixed); absent in the admin portal, which chooses */
  system?: { id: string; name: string };
};

/** spec operations §2 "Audit trail" in either portal; a failed search shows audittrail_error_load (spec §8). */
export async function AuditTrailPage({ data, system }: Props) {
  const t = await getTranslations("audittrail");
  const te = await getTranslations("errors");
  const error = data.errors.map((e) => (te.has(e.code) ? te(e.code, e.params ?? {}) : e.code)).join(" | ");
  return (
    <>
      <PageHeader title={t("title")} />
      {data.errors.length > 0 && (
        <Alert variant="destructive" className="mb-4" data-testid="audit-load-error">
          <AlertDescription>{t("audittrail_error_load", { error })}</AlertDescription>
        </Alert>
      )}
      <AuditTrail
        filters={data.filters}
        endBeforeStart={data.endBeforeStart}
        failed={data.errors.length > 0}
        rows={data.rows}
        total={data.total}
        page={data.page}
        pageSize={data.pageSize}
        systems={system ? null : data.systems}
        fixedSystemName={system?.name}
        projects={data.projects}
        users={data.users}
      />
    </>
  );
}

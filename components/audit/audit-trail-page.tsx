import { getTranslations } from "next-intl/server";
import { LoadFailed } from "@/components/portal/load-failed";
import { PageHeader } from "@/components/portal/page-header";
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
  return (
    <>
      <PageHeader title={t("title")} />
      {data.errors.length > 0 && (
        <LoadFailed errors={data.errors} message="audittrail.audittrail_error_load" testId="audit-load-error" className="mb-4" />
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

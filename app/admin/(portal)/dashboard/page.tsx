import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type ReactNode, Suspense } from "react";
import { AutoRefresh } from "@/components/dashboard/auto-refresh";
import { type FigureLink, JobsCard } from "@/components/dashboard/jobs-card";
import { LicencesCard } from "@/components/dashboard/licences-card";
import { QueueCard } from "@/components/dashboard/queue-card";
import { ServiceCard } from "@/components/dashboard/service-card";
import { CardSkeleton } from "@/components/portal/card-skeleton";
import { Dashboard } from "@/components/portal/dashboard";
import { SystemPortals } from "@/components/portal/system-portals";
import { requireAdminPage } from "@/lib/auth/guard";
import { hasPermission, isSupersystemName } from "@/lib/auth/permissions";
import { adminDashboardAccess, type DashboardAccess } from "@/lib/dashboard/access";
import { outcomesBySystem, sumOutcomes } from "@/lib/dashboard/jobs";
import { allLicenceFigures, licencesNeedingAttention } from "@/lib/dashboard/licences";
import { type OutcomeRow, outcomeMonitorHref } from "@/lib/dashboard/outcomes";
import { queueBySystem, totalQueue } from "@/lib/dashboard/queue";
import { dashboardRanges, jobMonitorHref, statisticsHref } from "@/lib/dashboard/ranges";
import { connectedWorkers } from "@/lib/dashboard/worker-registry";
import { getDb } from "@/lib/db";
import { apiBaseUrl } from "@/lib/settings/api-base";
import { getFeatureFlags, getServiceConfig } from "@/lib/settings/store";
import { listTenantSystems } from "@/lib/systems/queries";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

/** Named route adminDashboard: the welcome of spec foundation §2 and the figures across systems (issue 12). */
export default async function AdminDashboardPage() {
  const caller = await requireAdminPage("AccessAdminDashboard");
  const [base, t, flags] = await Promise.all([apiBaseUrl(), getTranslations("general"), getDb().then(getFeatureFlags)]);
  const can = adminDashboardAccess(caller.roles);
  const section = (card: ReactNode, lines = 3) => (
    <Suspense fallback={<CardSkeleton lines={lines} label={t("loading")} />}>{card}</Suspense>
  );
  return (
    <Dashboard caller={caller} base={base} apiReference={flags.OpenApi}>
      <AutoRefresh />
      {can.jobs && section(<Jobs can={can} />, 8)}
      {can.queue && section(<Queue can={can} />)}
      {section(<Service can={can} />)}
      {can.licences && section(<Licences can={can} />)}
      {hasPermission(caller.roles, "ManageSystems") && section(<TenantPortals />)}
    </Dashboard>
  );
}

async function Jobs({ can }: { can: DashboardAccess }) {
  const ranges = dashboardRanges(new Date());
  const rows = await outcomesBySystem(await getDb(), { ranges });
  // the totals open the statistics; a system's figures its job monitor, as deputy (the Supersystem has none)
  const deputy = (row: OutcomeRow) => can.monitorLinks && !isSupersystemName(row.name);
  const linkOf: FigureLink = ({ period, outcome, row }) => {
    if (row) return deputy(row) ? outcomeMonitorHref(row.name, { outcome, range: ranges[period] }) : undefined;
    return can.statisticsLinks ? statisticsHref("/admin", ranges[period]) : undefined;
  };
  return (
    <JobsCard
      rowsAre="systems"
      totals={sumOutcomes(rows)}
      rows={rows}
      ranges={ranges}
      linkOf={linkOf}
      rowLinkOf={(row) => (deputy(row) ? jobMonitorHref(row.name, { created: ranges.week, includeRemoved: true }) : undefined)}
      statisticsHref={can.statisticsLinks ? statisticsHref("/admin", ranges.week) : undefined}
    />
  );
}

async function Queue({ can }: { can: DashboardAccess }) {
  const bySystem = await queueBySystem(await getDb());
  const linksOf = (name: string) =>
    can.monitorLinks
      ? {
          waiting: jobMonitorHref(name, { states: ["Waiting"] }),
          processing: jobMonitorHref(name, { states: ["Assigned", "Processing"] }),
          oldest: jobMonitorHref(name, { states: ["Waiting"], oldestFirst: true }),
        }
      : {};
  return (
    <QueueCard
      queue={totalQueue(bySystem)}
      now={new Date()}
      links={{}}
      bySystem={bySystem.map((queue) => ({ queue, links: linksOf(queue.systemName) }))}
    />
  );
}

async function Service({ can }: { can: DashboardAccess }) {
  const db = await getDb();
  const [config, workers] = await Promise.all([getServiceConfig(db), connectedWorkers(db)]);
  return (
    <ServiceCard
      maintenance={config.isMaintenanceModeEnabled}
      workers={workers}
      detailed
      configurationHref={can.configurationLink ? "/admin/configuration" : undefined}
    />
  );
}

async function Licences({ can }: { can: DashboardAccess }) {
  const all = await allLicenceFigures(await getDb());
  return (
    <LicencesCard
      licences={licencesNeedingAttention(all)}
      scope="admin"
      total={all.length}
      linkOf={(l) => (can.licenceLinks ? `/admin/licence/${encodeURIComponent(l.id)}` : undefined)}
    />
  );
}

/** The tenant systems, read apart from the rest of the page so the dashboard shows before them. */
async function TenantPortals() {
  return <SystemPortals systems={await listTenantSystems(await getDb())} />;
}

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
import { requireSystemPage } from "@/lib/auth/guard";
import { systemDashboardAccess } from "@/lib/dashboard/access";
import { outcomesByProject, sumOutcomes } from "@/lib/dashboard/jobs";
import { systemLicenceFigures } from "@/lib/dashboard/licences";
import { outcomeMonitorHref } from "@/lib/dashboard/outcomes";
import { systemQueue } from "@/lib/dashboard/queue";
import { dashboardRanges, jobMonitorHref, statisticsHref } from "@/lib/dashboard/ranges";
import { connectedWorkers } from "@/lib/dashboard/worker-registry";
import { getDb } from "@/lib/db";
import { apiBaseUrl } from "@/lib/settings/api-base";
import { getFeatureFlags, getServiceConfig } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("nav"))("dashboard") };
}

type Props = { params: Promise<{ system: string }> };
type System = { id: string; name: string };
type Links = ReturnType<typeof systemDashboardAccess>;

/** Named route systemLanding's dashboard: the welcome of spec foundation §2 and the system's figures (issue 12). */
export default async function SystemDashboardPage({ params }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "AccessSystemDashboard");
  const [base, t, flags] = await Promise.all([apiBaseUrl(), getTranslations("general"), getDb().then(getFeatureFlags)]);
  const can = systemDashboardAccess(caller.roles);
  const section = (card: ReactNode, lines = 3) => (
    <Suspense fallback={<CardSkeleton lines={lines} label={t("loading")} />}>{card}</Suspense>
  );
  return (
    <Dashboard caller={caller} base={base} apiReference={flags.OpenApi}>
      <AutoRefresh />
      {can.jobs && section(<Jobs system={system} can={can} />, 8)}
      {can.queue && section(<Queue system={system} can={can} />)}
      {section(<Service />)}
      {can.licences && section(<Licence system={system} can={can} />)}
    </Dashboard>
  );
}

async function Jobs({ system, can }: { system: System; can: Links }) {
  const ranges = dashboardRanges(new Date());
  const [found, t] = await Promise.all([
    outcomesByProject(await getDb(), { systemId: system.id, ranges }),
    getTranslations("dashboardCards"),
  ]);
  const rows = found.map((row) => (row.id ? row : { ...row, name: t("withoutProject") }));
  const portal = `/system/${encodeURIComponent(system.name)}`;
  // a figure opens the job monitor on its jobs (the statistics for whoever reads statistics only)
  const linkOf: FigureLink = ({ period, outcome, row }) => {
    if (row)
      return can.monitorLinks && row.id
        ? outcomeMonitorHref(system.name, { outcome, range: ranges[period], project: row.name })
        : undefined;
    if (can.monitorLinks) return outcomeMonitorHref(system.name, { outcome, range: ranges[period] });
    return can.statisticsLinks ? statisticsHref(portal, ranges[period]) : undefined;
  };
  return (
    <JobsCard
      rowsAre="projects"
      totals={sumOutcomes(rows)}
      rows={rows}
      ranges={ranges}
      linkOf={linkOf}
      rowLinkOf={(row) =>
        can.monitorLinks && row.id
          ? jobMonitorHref(system.name, { project: row.name, created: ranges.week, includeRemoved: true })
          : undefined
      }
      statisticsHref={can.statisticsLinks ? statisticsHref(portal, ranges.week) : undefined}
    />
  );
}

async function Queue({ system, can }: { system: System; can: Links }) {
  const queue = await systemQueue(await getDb(), { systemId: system.id });
  const links = can.monitorLinks
    ? {
        waiting: jobMonitorHref(system.name, { states: ["Waiting"] }),
        processing: jobMonitorHref(system.name, { states: ["Assigned", "Processing"] }),
        oldest: jobMonitorHref(system.name, { states: ["Waiting"], oldestFirst: true }),
      }
    : {};
  return <QueueCard queue={queue} now={new Date()} links={links} />;
}

async function Service() {
  const db = await getDb();
  const [config, workers] = await Promise.all([getServiceConfig(db), connectedWorkers(db)]);
  return <ServiceCard maintenance={config.isMaintenanceModeEnabled} workers={workers} detailed={false} />;
}

async function Licence({ system, can }: { system: System; can: Links }) {
  const licences = await systemLicenceFigures(await getDb(), { systemId: system.id });
  const href = `/system/${encodeURIComponent(system.name)}/licence`;
  return <LicencesCard licences={licences} scope="system" linkOf={() => (can.licenceLinks ? href : undefined)} />;
}

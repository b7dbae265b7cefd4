import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SystemConfigNav } from "@/components/config/system-config-nav";
import { LoadFailed } from "@/components/portal/load-failed";
import { PageHeader } from "@/components/portal/page-header";
import { DeliveryLog } from "@/components/webhooks/delivery-log";
import { loadWebhooks } from "@/components/webhooks/load";
import { requireSystemPage } from "@/lib/auth/guard";
import { hasPermission } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { loadClampedPage, parsePaging } from "@/lib/paging";
import { loadProject } from "@/lib/projects/queries";
import { listDeliveries, readWebhook, toWebhookDto } from "@/lib/webhooks/queries";
import { deliveryStateFilter } from "@/lib/webhooks/rules";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("webhooks");
  return { title: `${t("log_title")} · ${t("title")}` };
}

type Props = {
  params: Promise<{ system: string; webhookId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Issue 26 §1: a webhook's delivery log, newest first, paged by the server (page, pageSize and the state filter in the
 * URL query), with a resend button per delivery. Another system's webhook is not found here.
 */
export default async function WebhookDeliveriesPage({ params, searchParams }: Props) {
  const { system: systemParam, webhookId } = await params;
  const { caller, system } = await requireSystemPage(systemParam, "ManageSystemConfig");
  if (!UUID.test(webhookId)) notFound();
  const query = await searchParams;
  const paging = parsePaging(query);
  const state = deliveryStateFilter(query.state);
  const t = await getTranslations("systemconfig");
  const db = await getDb();
  const loaded = await loadWebhooks(async () => {
    const { webhook } = await readWebhook(db, { caller, id: webhookId });
    // a deputy opens every system's portal: a webhook of another system is not this page's
    if (webhook.systemId !== system.id) throw new AppError("WebhookNotFound");
    const [{ page, result }, project] = await Promise.all([
      loadClampedPage(paging, (page) => listDeliveries(db, { caller, id: webhook.id, page, pageSize: paging.pageSize, state })),
      webhook.projectId ? loadProject(db, webhook.projectId) : undefined,
    ]);
    return { webhook: toWebhookDto(webhook), projectName: project?.project.name ?? null, deliveries: result, page };
  });
  const portal = `/system/${encodeURIComponent(system.name)}`;
  return (
    <>
      <PageHeader title={t("title")} />
      <SystemConfigNav systemName={system.name} current="webhooks" />
      {"errors" in loaded ? (
        <LoadFailed errors={loaded.errors} message="webhooks.webhooks_error_load" testId="webhooks-load-error" />
      ) : (
        <DeliveryLog
          webhook={loaded.value.webhook}
          projectName={loaded.value.projectName}
          deliveries={loaded.value.deliveries.items}
          total={loaded.value.deliveries.totalCount}
          page={loaded.value.page}
          pageSize={paging.pageSize}
          state={state ?? null}
          back={`${portal}/config/webhooks`}
          jobs={hasPermission(caller.roles, "ManageJobs") ? `${portal}/jobmonitor/details` : null}
        />
      )}
    </>
  );
}

import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SystemConfigNav } from "@/components/config/system-config-nav";
import { LoadFailed } from "@/components/portal/load-failed";
import { PageHeader } from "@/components/portal/page-header";
import { loadWebhooks } from "@/components/webhooks/load";
import { WebhooksView } from "@/components/webhooks/webhooks-view";
import { requireSystemPage } from "@/lib/auth/guard";
import { getDb } from "@/lib/db";
import { listLearnProjects } from "@/lib/learn/queries";
import { clampPage, type Paging, parsePaging } from "@/lib/paging";
import { listProjects } from "@/lib/projects/queries";
import { listWebhooks } from "@/lib/webhooks/queries";
import type { WebhookDto } from "@/lib/webhooks/schemas";

export async function generateMetadata(): Promise<Metadata> {
  const [t, config] = await Promise.all([getTranslations("webhooks"), getTranslations("systemconfig")]);
  return { title: `${t("title")} · ${config("title")}` };
}

type Props = { params: Promise<{ system: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * Issue 26 §1: the system configuration's webhooks (its second tab): the list, add, edit, test, rotate, delete. A
 * system holds at most 20, so the page is cut from the whole list.
 */
export default async function SystemWebhooksPage({ params, searchParams }: Props) {
  const { caller, system } = await requireSystemPage((await params).system, "ManageSystemConfig");
  const t = await getTranslations("systemconfig");
  const db = await getDb();
  const [loaded, projects, learnProjects] = await Promise.all([
    loadWebhooks(() => listWebhooks(db, { caller, systemId: system.id })),
    listProjects(db, { systemId: system.id }),
    listLearnProjects(db, { systemId: system.id }),
  ]);
  const paging = parsePaging(await searchParams);
  const base = `/system/${encodeURIComponent(system.name)}/config/webhooks`;
  return (
    <>
      <PageHeader title={t("title")} />
      <SystemConfigNav systemName={system.name} current="webhooks" />
      {"errors" in loaded ? (
        <LoadFailed errors={loaded.errors} message="webhooks.webhooks_error_load" testId="webhooks-load-error" />
      ) : (
        <WebhooksView
          {...pageOf(loaded.value.items, paging)}
          systemId={system.id}
          base={base}
          projects={[
            ...projects.map((p) => ({ id: p.id, name: p.name, learn: false })),
            ...learnProjects.map((p) => ({ id: p.id, name: p.name, learn: true })),
          ]}
        />
      )}
    </>
  );
}

/** The asked page of the whole list (the last one when the asked one lies beyond it). */
function pageOf(items: WebhookDto[], paging: Paging) {
  const page = clampPage(paging.page, items.length, paging.pageSize);
  const rows = items.slice(page * paging.pageSize, (page + 1) * paging.pageSize);
  return { rows, total: items.length, page, pageSize: paging.pageSize };
}

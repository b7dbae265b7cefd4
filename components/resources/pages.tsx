import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { loadOrErrors } from "@/components/portal/load";
import { PageHeader } from "@/components/portal/page-header";
import { ResourcesLoadFailed } from "@/components/resources/load-failed";
import { PoolDetailView } from "@/components/resources/pool-detail-view";
import { ResourceTypesView } from "@/components/resources/resource-types-view";
import type { Caller } from "@/lib/auth/caller";
import { getDb } from "@/lib/db";
import { parsePaging } from "@/lib/paging";
import { listResourcePools, poolDetailOf } from "@/lib/resources/queries";
import { isResourceType } from "@/lib/resources/rules";

/** What both portals' resources pages share: whose resources, the title's key and where their links lead. */
type Where = {
  caller: Caller;
  systemId: string;
  /** the Admin Portal's Global resources or a system's own */
  titleKey: "adminTitle" | "title";
  /** the list's URL, the pools' links start with it */
  base: string;
  query: { type?: string; page?: string; pageSize?: string };
};

/** Named routes adminResources and resources (query type): a tab per type with its pools, or the load's error. */
export async function ResourcesPage({ caller, systemId, titleKey, base, query }: Where) {
  const t = await getTranslations("resources");
  const type = query.type ?? "";
  const db = await getDb();
  const loaded = await loadOrErrors(() => listResourcePools(db, caller, systemId), { what: "resources page" });
  return (
    <>
      <PageHeader title={t(titleKey)} />
      {"errors" in loaded ? (
        <ResourcesLoadFailed errors={loaded.errors} />
      ) : (
        <ResourceTypesView
          systemId={systemId}
          pools={loaded.value}
          type={isResourceType(type) ? type : "Profile"}
          paging={parsePaging(query)}
          base={base}
        />
      )}
    </>
  );
}

/** Named routes adminManageResources and manageResources (param subtypeId): one pool with its resources. */
export async function PoolPage({ caller, systemId, titleKey, base, query, subtypeId }: Where & { subtypeId: string }) {
  const db = await getDb();
  const loaded = await loadOrErrors(() => poolDetailOf(db, caller, { systemId, subtypeId }), { what: "resources page" });
  if ("errors" in loaded)
    return (
      <>
        <PageHeader title={(await getTranslations("resources"))(titleKey)} />
        <ResourcesLoadFailed errors={loaded.errors} />
      </>
    );
  const detail = loaded.value;
  if (!detail) notFound();
  return (
    <>
      <PageHeader title={detail.subtype.name} />
      <PoolDetailView systemId={systemId} detail={detail} base={base} paging={parsePaging(query)} />
    </>
  );
}

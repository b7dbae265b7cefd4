import { stat } from "node:fs/promises";
import { and, count, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Download, downloads, systems } from "@/db/schema";
import { worksIn } from "@/lib/auth/access";
import type { Caller } from "@/lib/auth/caller";
import { isSupersystemName } from "@/lib/auth/permissions";
import { findSystem } from "@/lib/auth/tenancy";
import { AppError } from "@/lib/errors/app-error";
import { resolveFile } from "@/lib/files/store";
import { assertFeatureOn } from "@/lib/settings/features";
import { mayAccessDownload, seesEverySystem, usesDownloads } from "./access";
import { DOWNLOAD_TYPES, type DownloadType, downloadTypeNumber, downloadTypeOf, mayAccessType } from "./rules";
import type { DownloadDto, DownloadPage, DownloadSearch } from "./schemas";

type SystemRef = { id: string; name: string };

export function toDownloadDto(row: Download, systemName: string | null): DownloadDto {
  return {
    id: row.id,
    systemId: row.systemId,
    systemName,
    type: row.type,
    displayFileName: row.displayFileName,
    externalId: row.externalId,
    created: row.created.toISOString(),
    size: row.size,
  };
}

const typeNumbers = (types: DownloadType[]) => types.map(downloadTypeNumber);

/**
 * Which downloads a search may list (spec §6): per type, every system's (the admin permission in the Supersystem) or
 * those of one system the caller works in (the system permission). 404 for another tenant's system, 403 when the
 * caller may see none of the types asked.
 */
async function searchScope(db: Database, caller: Caller, search: DownloadSearch): Promise<SQL | undefined> {
  if (!usesDownloads(caller)) throw new AppError("AccessDenied");
  const asked = search.type ? [downloadTypeOf(search.type)] : [...DOWNLOAD_TYPES];
  const everywhere = asked.filter((t) => seesEverySystem(caller, t));
  const system = search.systemId
    ? ((await findSystem(db, { id: search.systemId })) ?? null)
    : { id: caller.systemId, name: caller.systemName };
  const own = system && worksIn(caller, system) ? asked.filter((t) => mayAccessType(caller.roles, t, "system")) : [];
  const knowsSystem = isSupersystemName(caller.systemName) || (system !== null && worksIn(caller, system));
  if (search.systemId && !knowsSystem) throw new AppError("SystemNotFound");
  const types = [...new Set([...everywhere, ...own])];
  if (!types.length) throw new AppError("AccessDenied");
  if (search.systemId) return and(eq(downloads.systemId, search.systemId), inArray(downloads.type, typeNumbers(types)));
  const onlyOwn = own.filter((t) => !everywhere.includes(t));
  return or(
    everywhere.length ? inArray(downloads.type, typeNumbers(everywhere)) : undefined,
    onlyOwn.length && system ? and(eq(downloads.systemId, system.id), inArray(downloads.type, typeNumbers(onlyOwn))) : undefined,
  );
}

/** GET v2/downloads/: one page, newest first, with the total. */
export async function searchDownloads(db: Database, params: { caller: Caller; search: DownloadSearch }): Promise<DownloadPage> {
  const { search } = params;
  await assertFeatureOn(db, "Download");
  const where = await searchScope(db, params.caller, search);
  const [rows, [total]] = await Promise.all([
    db
      .select({ download: downloads, systemName: systems.name })
      .from(downloads)
      .leftJoin(systems, eq(systems.id, downloads.systemId))
      .where(where)
      .orderBy(desc(downloads.created), desc(downloads.id))
      .limit(search.pageSize)
      .offset(search.page * search.pageSize),
    db.select({ n: count() }).from(downloads).where(where),
  ]);
  return { items: rows.map((r) => toDownloadDto(r.download, r.systemName)), totalCount: total?.n ?? 0 };
}

/** A download the caller may see (download, delete); 404 when unknown or another tenant's, 403 in its own system. */
export async function readDownload(
  db: Database,
  params: { caller: Caller; id: string },
): Promise<{ download: Download; system: SystemRef | null }> {
  const { caller } = params;
  await assertFeatureOn(db, "Download");
  if (!usesDownloads(caller)) throw new AppError("AccessDenied");
  const [row] = await db
    .select({ download: downloads, system: { id: systems.id, name: systems.name } })
    .from(downloads)
    .leftJoin(systems, eq(systems.id, downloads.systemId))
    .where(eq(downloads.id, params.id));
  if (!row) throw new AppError("DownloadNotFound");
  const system = row.system?.id ? row.system : null;
  if (!mayAccessDownload(caller, { type: downloadTypeOf(row.download.type) }, system)) {
    // the Supersystem's users of downloads know every system's; a tenant learns nothing of another's
    const knows = isSupersystemName(caller.systemName) || (system !== null && worksIn(caller, system));
    throw new AppError(knows ? "AccessDenied" : "DownloadNotFound");
  }
  return { download: row.download, system };
}

/**
 * GET v2/downloads/{id}/download: the zip as a stream (an archive of a million rows is some hundred MB: never read
 * whole into memory). 404 DownloadNotFound when its file is gone.
 */
export async function openDownload(
  db: Database,
  params: { caller: Caller; id: string },
): Promise<{ path: string; size: number; fileName: string }> {
  const { download } = await readDownload(db, params);
  const full = resolveFile(download.path);
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) throw new AppError("DownloadNotFound");
  return { path: full, size: info.size, fileName: download.displayFileName };
}

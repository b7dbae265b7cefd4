import { randomUUID } from "node:crypto";
import type { Database } from "@/db/client";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { worksIn } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { isSupersystemName } from "@/lib/auth/permissions";
import { findSystem } from "@/lib/auth/tenancy";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { safeFileName } from "@/lib/files/store";
import { assertFeatureOn } from "@/lib/settings/features";
import { seesEverySystem, usesDownloads } from "../access";
import { writeArchive } from "../archive";
import type { ArchiveScope, ArchiveSource } from "../archive-source";
import { auditTrailSource } from "../audit-trail-source";
import { metricsSource } from "../metrics-source";
import { toDownloadDto } from "../queries";
import { mayAccessType } from "../rules";
import { type DownloadDto, type ExportType, ZDownloadExport } from "../schemas";

const SOURCES: Record<ExportType, ArchiveSource> = { AuditTrail: auditTrailSource, Metric: metricsSource };
const DAY_MS = 86_400_000;

type SystemRef = { id: string; name: string; type: string };

/**
 * Whose rows an export holds (the downloads page's permissions, spec operations §6): a system's with the type's system
 * permission there (or as its deputy), any system's or all systems' together with the type's admin permission in the
 * Supersystem. 404 SystemNotFound for another tenant's system, 403 where the caller knows the system but lacks the
 * permission.
 */
async function exportScope(
  db: Database,
  caller: Caller,
  type: ExportType,
  systemId: string | undefined,
): Promise<{ system: SystemRef | null; scope: ArchiveScope }> {
  if (!usesDownloads(caller)) throw new AppError("AccessDenied");
  const everywhere = seesEverySystem(caller, type);
  if (!systemId && everywhere) return { system: null, scope: { kind: "all" } };
  const system = await findSystem(db, { id: systemId ?? caller.systemId });
  if (!system) throw new AppError("SystemNotFound");
  const may = everywhere || (worksIn(caller, system) && mayAccessType(caller.roles, type, "system"));
  if (!may) {
    const knows = isSupersystemName(caller.systemName) || worksIn(caller, system);
    throw new AppError(knows ? "AccessDenied" : "SystemNotFound");
  }
  // rows without a system (changes in the admin portal) are the Supersystem's, as in its archives
  return { system, scope: { kind: "system", systemId: system.id, withoutSystem: system.type === "Super" } };
}

/** 2026-11-29T13:12:05.123Z → exported-20261129-131205 (UTC) */
function exportStamp(at: Date): string {
  const iso = at.toISOString();
  return `exported-${iso.slice(0, 10).replaceAll("-", "")}-${iso.slice(11, 19).replaceAll(":", "")}`;
}

/**
 * POST v2/downloads (issue 23 "archive now / export this range"): the rows of a range of UTC days, both counted, written
 * as the archivers write a period (one zip, CSV and JSON), listed among the downloads at once and answered. It does not
 * count as an archived period: the archivers still archive every complete period. The download and its audit-trail
 * row (SchedulerTask/Create, as a download's delete is SchedulerTask/Delete) in one transaction.
 */
export async function exportRange(db: Database, opts: { caller: Caller; input: unknown }): Promise<DownloadDto> {
  const { caller } = opts;
  await assertFeatureOn(db, "Download");
  const input = parseInput(ZDownloadExport, opts.input);
  const { system, scope } = await exportScope(db, caller, input.type, input.systemId);
  const source = SOURCES[input.type];
  const start = new Date(`${input.start}T00:00:00Z`);
  const range = {
    start,
    end: new Date(new Date(`${input.end}T00:00:00Z`).getTime() + DAY_MS),
    key: `${input.start}_${input.end}`,
  };
  const label = system ? safeFileName(system.name) : "all-systems";
  const externalId = `${input.type}:${range.key}:${system?.id ?? "all"}:export-${randomUUID()}`;
  await source.prepare(db);
  const { download } = await writeArchive(
    db,
    {
      type: input.type,
      systemId: system?.id ?? null,
      // the time of the export in the name: two exports of one range are told apart in the list (issue 23 walk)
      displayFileName: `${source.displayStem}_${range.key}_${label}_${exportStamp(new Date())}.zip`,
      externalId,
      entries: [{ name: `${source.entryStem}-${range.key}`, columns: source.columns, ...source.content(db, scope, range) }],
    },
    {
      beforeCommit: async (tx, written) => {
        await writeAudit(tx, system ? actingIn(caller, system) : caller, {
          category: "SchedulerTask",
          operation: "Create",
          systemId: system?.id ?? null,
          value: {
            download: {
              id: written.download.id,
              type: input.type,
              displayFileName: written.download.displayFileName,
              externalId,
            },
            start: input.start,
            end: input.end,
            rows: written.rows,
          },
        });
      },
    },
  );
  return toDownloadDto(download, system?.name ?? null);
}

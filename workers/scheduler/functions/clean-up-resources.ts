import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNotNull, notExists } from "drizzle-orm";
import { projects, RESOURCE_LEVELS, resourcePools, resources } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { resolveFile } from "@/lib/files/store";
import { poolDir, RESOURCE_UPLOADS_DIR, RESOURCES_DIR, resourceFilePath } from "@/lib/resources/files";
import type { TaskFunction } from "./types";

/** A temporary upload file (or a file without a row) older than this belongs to an upload that died. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

async function filesBelow(relative: string): Promise<string[]> {
  const entries = await readdir(resolveFile(relative), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(resolveFile("."), path.join(e.parentPath, e.name)));
}

/**
 * CleanUpResources (spec operations §3 "Task function"; DESIGN.md "Resources"): the pools and resources of deleted
 * projects, rows whose file is gone, files without a row, and temporary upload files of uploads that died. A
 * system's task covers that system; the Supersystem's every system. Removed pools and rows are recorded in the audit
 * trail (ResourcePool/Delete by "system", with the reason) as a user's delete would be.
 */
export const cleanUpResources: TaskFunction = async ({ db, systemId, now }) => {
  const inScope = systemId ? eq(resourcePools.systemId, systemId) : undefined;

  // each removal with its audit-trail row (ResourcePool/Delete by "system") in one transaction
  const orphanPools = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(resourcePools)
      .where(
        and(
          inScope,
          isNotNull(resourcePools.projectId),
          notExists(tx.select({ id: projects.id }).from(projects).where(eq(projects.id, resourcePools.projectId))),
        ),
      )
      .returning();
    for (const pool of gone) {
      await writeAudit(tx, null, {
        category: "ResourcePool",
        operation: "Delete",
        systemId: pool.systemId,
        projectId: pool.projectId,
        value: { type: pool.type, level: pool.level, subtype: pool.name, pool: "deleted", reason: "projectDeleted" },
      });
    }
    return gone;
  });
  for (const pool of orphanPools) await rm(resolveFile(poolDir({ ...pool, poolId: pool.id })), { recursive: true, force: true });

  const rows = await db
    .select()
    .from(resources)
    .where(systemId ? eq(resources.systemId, systemId) : undefined);
  const missing: string[] = [];
  const known = new Set<string>();
  for (const row of rows) {
    const file = resourceFilePath(row);
    if (await stat(resolveFile(file)).catch(() => null)) known.add(file);
    else missing.push(row.id);
  }
  if (missing.length) {
    await db.transaction(async (tx) => {
      const gone = await tx.delete(resources).where(inArray(resources.id, missing)).returning();
      // one row per pool, as a user's delete of some of its resources writes
      for (const poolId of new Set(gone.map((r) => r.poolId))) {
        const rows = gone.filter((r) => r.poolId === poolId);
        const [first] = rows;
        if (!first) continue;
        await writeAudit(tx, null, {
          category: "ResourcePool",
          operation: "Delete",
          systemId: first.systemId,
          projectId: first.projectId,
          value: {
            type: first.type,
            level: first.level,
            subtype: first.pool,
            names: rows.map((r) => r.name),
            reason: "fileMissing",
          },
        });
      }
    });
  }

  let strayFiles = 0;
  for (const level of RESOURCE_LEVELS) {
    for (const file of await filesBelow(systemId ? `${RESOURCES_DIR}/${level}/${systemId}` : `${RESOURCES_DIR}/${level}`)) {
      if (known.has(file)) continue;
      // an upload moves its file into place just before its row commits: only old files are strays
      const info = await stat(resolveFile(file)).catch(() => null);
      if (!info || now.getTime() - info.mtimeMs < STALE_UPLOAD_MS) continue;
      await rm(resolveFile(file), { force: true });
      strayFiles++;
    }
  }

  let staleUploads = 0;
  for (const file of await filesBelow(RESOURCE_UPLOADS_DIR)) {
    const info = await stat(resolveFile(file)).catch(() => null);
    if (!info || now.getTime() - info.mtimeMs < STALE_UPLOAD_MS) continue;
    await rm(resolveFile(file), { force: true });
    staleUploads++;
  }

  const details = {
    projectPools: orphanPools.length,
    rowsWithoutFile: missing.length,
    filesWithoutRow: strayFiles,
    staleUploads,
  };
  return {
    message: `${orphanPools.length} pools of deleted projects, ${missing.length} rows without a file, ${strayFiles} files without a row, ${staleUploads} temporary upload files removed`,
    details,
  };
};

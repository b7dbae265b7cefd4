import { mkdir, open, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { projects, resourcePools, resources } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { resolveFile } from "@/lib/files/store";
import { poolDir, resourceFilePath, uploadLockPath } from "../files";
import { systemForResources, toResourceDto } from "../queries";
import { isProjectLevel, levelProblem, poolNameProblem, resourceNameProblem } from "../rules";
import { type ResourceDto, ZResourceMeta } from "../schemas";

/** The uploaded file: its bytes, or an upload's temp file below the file store (moved, never copied). */
export type ResourceUpload = { name: string; bytes?: Uint8Array; tempPath?: string };

function fail(entry: ErrorEntry): never {
  throw new AppError(entry.code, entry.params);
}

/**
 * POST v3/resources (multipart resourceFile + meta), spec operations §5 "Resource", DESIGN.md "Resources": adds a
 * resource, or updates its file when its pool holds the name already; the same name in another case is 409
 * ResourceNameDiffers (type, pool and name identify a resource, spec operations §2: an update changes none of them).
 * The pool is made on its first resource. While one upload of a name runs, its temporary upload file exists and another answers 409.
 */
export async function uploadResource(
  db: Database,
  opts: { caller: Caller; meta: unknown; file: ResourceUpload | null },
): Promise<ResourceDto & { created: boolean }> {
  const meta = parseInput(ZResourceMeta, opts.meta ?? {});
  const system = await systemForResources(db, opts.caller, meta.systemId);
  const levelIssue = levelProblem({ level: meta.level, isSupersystem: system.isSupersystem, projectId: meta.projectId });
  if (levelIssue) fail(levelIssue);
  if (meta.projectId) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, meta.projectId), eq(projects.systemId, system.id)));
    if (!project) throw new AppError("ProjectNotFound");
  }
  if (!opts.file || (!opts.file.bytes?.byteLength && !opts.file.tempPath)) throw new AppError("resources_error_noFileSelected");
  const name = (meta.name || path.basename(opts.file.name)).trim();
  const nameIssue = resourceNameProblem(name, meta.type) ?? poolNameProblem(meta.subtype);
  if (nameIssue) fail(nameIssue);
  const projectId = isProjectLevel(meta.level) ? (meta.projectId ?? null) : null;

  const lock = uploadLockPath({ ...meta, projectId, pool: meta.subtype, name });
  await mkdir(path.dirname(resolveFile(lock)), { recursive: true });
  try {
    await (await open(resolveFile(lock), "wx")).close();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new AppError("ResourceUploadInProgress", { name });
    throw error;
  }
  try {
    if (opts.file.tempPath) await rename(resolveFile(opts.file.tempPath), resolveFile(lock));
    else await writeFile(resolveFile(lock), opts.file.bytes ?? new Uint8Array());
    const size = opts.file.bytes?.byteLength ?? (await stat(resolveFile(lock))).size;
    const { row, created } = await db.transaction(async (tx) => {
      const poolKey = { systemId: system.id, level: meta.level, type: meta.type, projectId };
      await tx
        .insert(resourcePools)
        .values({ ...poolKey, name: meta.subtype })
        .onConflictDoNothing();
      const [pool] = await tx
        .select()
        .from(resourcePools)
        .where(
          and(
            eq(resourcePools.systemId, system.id),
            eq(resourcePools.level, meta.level),
            eq(resourcePools.type, meta.type),
            projectId ? eq(resourcePools.projectId, projectId) : sql`${resourcePools.projectId} is null`,
            sql`lower(${resourcePools.name}) = lower(${meta.subtype})`,
          ),
        );
      if (!pool) throw new AppError("ResourcePoolNotFound");
      const [existing] = await tx
        .select()
        .from(resources)
        .where(and(eq(resources.poolId, pool.id), sql`lower(${resources.name}) = lower(${name})`));
      // the name identifies the resource (with its pool and type): an update replaces the file, never renames it
      if (existing && existing.name !== name) throw new AppError("ResourceNameDiffers", { name, existing: existing.name });
      const values = { name, size, lastUpdate: new Date() };
      const [saved] = existing
        ? await tx.update(resources).set(values).where(eq(resources.id, existing.id)).returning()
        : await tx
            .insert(resources)
            .values({
              ...values,
              poolId: pool.id,
              systemId: system.id,
              projectId,
              level: meta.level,
              type: meta.type,
              pool: pool.name,
            })
            .returning();
      if (!saved) throw new AppError("ResourcePoolNotFound");
      await writeAudit(tx, actingIn(opts.caller, system), {
        category: "ResourcePool",
        operation: existing ? "Update" : "Create",
        systemId: system.id,
        projectId,
        value: { type: saved.type, level: saved.level, subtype: saved.pool, name: saved.name, size },
      });
      // the file takes its place before the row commits: a failed commit leaves a file without a row, which
      // CleanUpResources removes; never a row without its file
      await mkdir(resolveFile(poolDir(saved)), { recursive: true });
      await rename(resolveFile(lock), resolveFile(resourceFilePath(saved)));
      return { row: saved, created: !existing };
    });
    return { ...toResourceDto(row), created };
  } finally {
    await rm(resolveFile(lock), { force: true });
  }
}

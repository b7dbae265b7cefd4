import { rm } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { dataDir } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";

/** Where a system's files live (order, work and result files, projects, resources). */
export function systemFilesDir(systemId: string): string {
  return path.join(dataDir(), "files", "systems", systemId);
}

/**
 * DELETE systems/{id} (spec foundation §4 "System"): only an inactive system other than the Supersystem.
 * Its users, sessions, scheduler and everything else that belongs to it go with it (foreign keys
 * cascade), then its files; nothing of another system is touched.
 */
export async function deleteSystem(db: Database, opts: { caller: Caller; systemId: string }): Promise<void> {
  if (!hasPermission(opts.caller.roles, "ManageSystems")) throw new AppError("AccessDenied");
  const [system] = await db.select().from(systems).where(eq(systems.id, opts.systemId));
  if (!system) throw new AppError("SystemNotFound");
  if (system.type === "Super" || system.isActive) throw new AppError("SystemNotDeletable");
  await db.transaction(async (tx) => {
    await tx.delete(systems).where(eq(systems.id, system.id));
    await writeAudit(tx, opts.caller, {
      category: "System",
      operation: "Delete",
      systemId: system.id,
      value: { id: system.id, name: system.name },
    });
  });
  await rm(systemFilesDir(system.id), { recursive: true, force: true }).catch((err: unknown) =>
    log.error({ err, systemId: system.id }, "files of a deleted system could not be removed"),
  );
}

import { and, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { resourcePools, resources } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { removeStored } from "@/lib/files/store";
import { poolDir } from "../files";
import { systemForResources } from "../queries";
import { isResourceLevel } from "../rules";

/** DELETE v3/resources/{system}/{level}/{pool}: the pool (by id) with every resource in it. */
export async function deletePool(
  db: Database,
  opts: { caller: Caller; systemId: string; level: string; poolId: string },
): Promise<{ deleted: number }> {
  if (!isResourceLevel(opts.level)) throw new AppError("ResourceLevelUnknown", { level: opts.level });
  const system = await systemForResources(db, opts.caller, opts.systemId);
  const level = opts.level;
  const { pool, count } = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(resourcePools)
      .where(and(eq(resourcePools.id, opts.poolId), eq(resourcePools.systemId, system.id), eq(resourcePools.level, level)));
    if (!found) throw new AppError("ResourcePoolNotFound");
    const rows = await tx.delete(resources).where(eq(resources.poolId, found.id)).returning({ name: resources.name });
    await tx.delete(resourcePools).where(eq(resourcePools.id, found.id));
    await writeAudit(tx, actingIn(opts.caller, system), {
      category: "ResourcePool",
      operation: "Delete",
      systemId: system.id,
      projectId: found.projectId,
      value: { type: found.type, level: found.level, subtype: found.name, pool: "deleted", names: rows.map((r) => r.name) },
    });
    return { pool: found, count: rows.length };
  });
  await removeStored(poolDir({ ...pool, poolId: pool.id }));
  return { deleted: count };
}

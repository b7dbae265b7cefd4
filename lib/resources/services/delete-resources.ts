import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { resourcePools, resources } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { removeStored } from "@/lib/files/store";
import { resourceFilePath } from "../files";
import { systemForResources } from "../queries";
import { ZResourceDelete } from "../schemas";

/**
 * DELETE v3/resources with the body { systemId, subtypeId, names? }: the named resources of one pool, or every
 * resource of it without names ("delete all"; the pool stays). Unknown names are 404 ResourceNotFound and delete
 * nothing. Files go after the commit; one that stays behind is CleanUpResources' work.
 */
export async function deleteResources(db: Database, opts: { caller: Caller; body: unknown }): Promise<{ deleted: number }> {
  const input = parseInput(ZResourceDelete, opts.body ?? {});
  const system = await systemForResources(db, opts.caller, input.systemId);
  const removed = await db.transaction(async (tx) => {
    const [pool] = await tx
      .select()
      .from(resourcePools)
      .where(and(eq(resourcePools.id, input.subtypeId), eq(resourcePools.systemId, system.id)));
    if (!pool) throw new AppError("ResourcePoolNotFound");
    const wanted = input.names ? [...new Set(input.names.map((n) => n.toLowerCase()))] : undefined;
    const rows = await tx
      .delete(resources)
      .where(and(eq(resources.poolId, pool.id), wanted ? inArray(sql`lower(${resources.name})`, wanted) : undefined))
      .returning();
    if (wanted && rows.length < wanted.length) {
      const found = new Set(rows.map((r) => r.name.toLowerCase()));
      throw new AppError("ResourceNotFound", { name: wanted.find((n) => !found.has(n)) ?? "" });
    }
    await writeAudit(tx, actingIn(opts.caller, system), {
      category: "ResourcePool",
      operation: "Delete",
      systemId: system.id,
      projectId: pool.projectId,
      value: { type: pool.type, level: pool.level, subtype: pool.name, names: rows.map((r) => r.name), all: !wanted },
    });
    return rows;
  });
  await Promise.all(removed.map((r) => removeStored(resourceFilePath(r))));
  return { deleted: removed.length };
}

import { count, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licenceChildren, licences, systems } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { assertManagesLicences } from "../access";

/** DELETE v3/licences/{id}: not while a system uses it or a virtual licence contains it. */
export async function deleteLicence(db: Database, opts: { caller: Caller; id: string }): Promise<void> {
  assertManagesLicences(opts.caller);
  const [row] = await db
    .select({ id: licences.id, name: licences.name, systemId: licences.systemId })
    .from(licences)
    .where(eq(licences.id, opts.id));
  if (!row) throw new AppError("LicenceNotFound", { id: opts.id });
  await db.transaction(async (tx) => {
    const [used] = await tx.select({ n: count() }).from(systems).where(eq(systems.licenceId, row.id));
    if (used && used.n > 0) throw new AppError("LicenceInUse", { what: `${used.n} system(s)`, kind: "systems", count: used.n });
    const [parent] = await tx
      .select({ id: licenceChildren.parentId })
      .from(licenceChildren)
      .where(eq(licenceChildren.childId, row.id));
    if (parent) throw new AppError("LicenceInUse", { what: parent.id, kind: "licence" });
    await tx.delete(licences).where(eq(licences.id, row.id));
    await writeAudit(tx, opts.caller, {
      category: "Licence",
      operation: "Delete",
      systemId: row.systemId,
      value: { id: row.id, name: row.name },
    });
  });
}

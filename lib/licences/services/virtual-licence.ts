import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licenceChildren, licences } from "@/db/schema";
import { writeAudit } from "@/lib/audit/service";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { wouldCreateCycle } from "../features";
import { getLicence, licenceGraph } from "../queries";
import { type LicenceDto, ZVirtualLicence } from "../schemas";
import { assertManagesLicences } from "./access";

/** The children exist, are listed once, and do not make the graph circular (spec foundation §5). */
export async function checkChildren(tx: Database, parentId: string, childIds: string[]): Promise<void> {
  if (childIds.length === 0) throw new AppError("licence_error_upload_noChildren");
  if (new Set(childIds).size !== childIds.length)
    throw new AppError("LicenceDuplicate", { id: childIds.find((c, i) => childIds.indexOf(c) !== i) ?? "" });
  const found = await tx.select({ id: licences.id }).from(licences).where(inArray(licences.id, childIds));
  const missing = childIds.find((c) => !found.some((f) => f.id === c));
  if (missing) throw new AppError("LicenceNotFound", { id: missing });
  if (wouldCreateCycle(await licenceGraph(tx), parentId, childIds)) throw new AppError("LicenceCircularDependency");
}

export async function replaceChildren(tx: Database, parentId: string, childIds: string[]): Promise<void> {
  await tx.delete(licenceChildren).where(eq(licenceChildren.parentId, parentId));
  await tx.insert(licenceChildren).values(childIds.map((childId, position) => ({ parentId, childId, position })));
}

/** POST v3/licences/virtual: a licence made of ordered child licences (primary, then fallbacks). */
export async function createVirtualLicence(db: Database, opts: { caller: Caller; input: unknown }): Promise<LicenceDto> {
  assertManagesLicences(opts.caller);
  const input = parseInput(ZVirtualLicence, opts.input);
  const { name, childIds } = input;
  // DESIGN.md "Licence file": a virtual licence takes the id its creator sends, else one chosen here
  const id = input.id || randomUUID();
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, id));
    if (existing) throw new AppError("LicenceDuplicate", { id });
    await checkChildren(tx, id, childIds);
    await tx.insert(licences).values({ id, name, isVirtual: true, source: "virtual" });
    await replaceChildren(tx, id, childIds);
    await writeAudit(tx, opts.caller, {
      category: "Licence",
      operation: "Create",
      systemId: null,
      value: { id, name, childIds },
    });
  });
  const stored = await getLicence(db, { id });
  if (!stored) throw new Error("licence vanished after insert");
  return stored;
}

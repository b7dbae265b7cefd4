import { eq, inArray } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licenceChildren, licences } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { wouldCreateCycle } from "../features";
import { licenceGraph } from "../queries";

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

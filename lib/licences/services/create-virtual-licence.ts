import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { assertManagesLicences } from "../access";
import { getLicence } from "../queries";
import { type LicenceDto, ZVirtualLicence } from "../schemas";
import { checkChildren, replaceChildren } from "./replace-children";

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

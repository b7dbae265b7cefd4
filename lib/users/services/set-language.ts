import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type Language, users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { parseInput } from "@/lib/errors/envelope";
import { getUserForCaller } from "../queries";
import { ZLanguageChange } from "../schemas";

/** DESIGN.md "Saving the language": the user or an administrator of the user's system. */
export async function setLanguage(
  db: Database,
  opts: { caller: Caller; userId: string; input: unknown },
): Promise<{ language: Language }> {
  const data = parseInput(ZLanguageChange, opts.input);
  const target = await getUserForCaller(db, opts.caller, { userId: opts.userId });
  const { language } = data;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, target.id));
    await writeAudit(tx, actingIn(opts.caller, { id: target.systemId, name: target.systemName }), {
      category: "User",
      operation: "Update",
      systemId: target.systemId,
      value: { id: target.id, name: target.name, language },
    });
  });
  return { language };
}

import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { consumeLinkToken } from "../link-tokens";
import { assertEmailFree, loadUser } from "../queries";
import { ZEmailViaLink } from "../schemas";

/** POST users/{id}/email/changeViaLink: the confirmation link sets the new address, once. */
export async function confirmEmailChange(
  db: Database,
  opts: { userId: string; input: unknown },
): Promise<{ emailAddress: string }> {
  const data = parseInput(ZEmailViaLink, opts.input);
  const target = await loadUser(db, opts.userId).catch(() => {
    throw new AppError("LinkInvalid");
  });
  const { newEmail, token } = data;
  await db.transaction(async (tx) => {
    await consumeLinkToken(tx, { token, purpose: "changeEmail", userId: target.user.id, newEmail });
    await assertEmailFree(tx, target.user.systemId, newEmail, target.user.id);
    await tx.update(users).set({ emailAddress: newEmail, updatedAt: new Date() }).where(eq(users.id, target.user.id));
    await writeAudit(
      tx,
      { userId: target.user.id, userName: target.user.name },
      {
        category: "User",
        operation: "Update",
        systemId: target.user.systemId,
        value: { id: target.user.id, name: target.user.name, emailAddress: newEmail },
      },
    );
  });
  return { emailAddress: newEmail };
}

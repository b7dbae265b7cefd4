import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/service";
import type { Caller } from "@/lib/auth/caller";
import { revealPassword } from "@/lib/auth/obfuscation";
import { verifyPassword } from "@/lib/auth/passwords";
import { getStationId } from "@/lib/config/service-config";
import { AppError } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { refusalForUser } from "../access";
import { consumeLinkToken } from "../link-tokens";
import { ZEmailChange, ZEmailViaLink } from "../schemas";
import { mailLink } from "./mail-link";
import { assertEmailFree, loadUser } from "./shared";

/**
 * POST users/{id}/email/change (spec foundation §4 "E-mail change", §5): the user itself, with its
 * password and the new address; the new address receives a confirmation link.
 */
export async function requestEmailChange(
  db: Database,
  opts: { caller: Caller; userId: string; input: unknown; origin: string },
): Promise<void> {
  const parsed = ZEmailChange.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const target = await loadUser(db, opts.userId);
  if (target.user.id !== opts.caller.userId) throw refusalForUser(opts.caller, target);
  if (target.user.type === "CSB") throw new AppError("InvalidCsbUserOperation");
  const password = revealPassword(parsed.data.password, await getStationId(db), target.systemName);
  if (!(await verifyPassword(target.user.passwordHash, password))) throw new AppError("WrongPassword");
  await assertEmailFree(db, target.user.systemId, parsed.data.newEmail, target.user.id);
  await mailLink(db, { target, kind: "changeEmail", origin: opts.origin, newEmail: parsed.data.newEmail });
}

/** POST users/{id}/email/changeViaLink: the confirmation link sets the new address, once. */
export async function confirmEmailChange(
  db: Database,
  opts: { userId: string; input: unknown },
): Promise<{ emailAddress: string }> {
  const parsed = ZEmailViaLink.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const target = await loadUser(db, opts.userId).catch(() => {
    throw new AppError("LinkInvalid");
  });
  const { newEmail, token } = parsed.data;
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

import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { revealPassword } from "@/lib/auth/obfuscation";
import { verifyPassword } from "@/lib/auth/passwords";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { getStationId } from "@/lib/settings/store";
import { refusalForUser } from "../access";
import { assertEmailFree, loadUser } from "../queries";
import { ZEmailChange } from "../schemas";
import { mailLink } from "./mail-link";

/**
 * POST users/{id}/email/change (spec foundation §4 "E-mail change", §5): the user itself, with its
 * password and the new address; the new address receives a confirmation link.
 */
export async function requestEmailChange(
  db: Database,
  opts: { caller: Caller; userId: string; input: unknown; origin: string },
): Promise<void> {
  const data = parseInput(ZEmailChange, opts.input);
  const target = await loadUser(db, opts.userId);
  if (target.user.id !== opts.caller.userId) throw refusalForUser(opts.caller, target);
  if (target.user.type === "CSB") throw new AppError("InvalidCsbUserOperation");
  const password = revealPassword(data.password, await getStationId(db), target.systemName);
  if (!(await verifyPassword(target.user.passwordHash, password))) throw new AppError("WrongPassword");
  await assertEmailFree(db, target.user.systemId, data.newEmail, target.user.id);
  await mailLink(db, { target, kind: "changeEmail", origin: opts.origin, newEmail: data.newEmail });
}

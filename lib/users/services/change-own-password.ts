import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { revealPassword } from "@/lib/auth/obfuscation";
import { verifyPassword } from "@/lib/auth/passwords";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { getServiceInfo, getStationId } from "@/lib/settings/store";
import { refusalForUser } from "../access";
import { loadUser } from "../queries";
import { ZPasswordChange } from "../schemas";
import { mailLink } from "./mail-link";
import { newPasswordHash, self, storePassword } from "./store-password";

/**
 * POST users/{id}/password/change (spec foundation §4 "Password change (account)"): the user itself,
 * with its old password. With e-mail confirmation active and an e-mail present only the old password
 * is asked and a link is mailed; otherwise the new password is set at once (the portal signs in again).
 */
export async function changeOwnPassword(
  db: Database,
  opts: { caller: Caller; userId: string; input: unknown; origin: string },
): Promise<{ result: "changed" | "linkSent" }> {
  const data = parseInput(ZPasswordChange, opts.input);
  const target = await loadUser(db, opts.userId);
  if (target.user.id !== opts.caller.userId) throw refusalForUser(opts.caller, target);
  if (target.user.type === "CSB") throw new AppError("InvalidCsbUserOperation");
  const stationId = await getStationId(db);
  const oldPassword = revealPassword(data.oldPassword ?? "", stationId, target.systemName);
  if (!oldPassword) throw new AppError("missingOldPassword");
  if (!(await verifyPassword(target.user.passwordHash, oldPassword))) throw new AppError("WrongOldPassword");

  const { isEmailConfirmationActive } = await getServiceInfo(db);
  if (isEmailConfirmationActive && target.user.emailAddress) {
    await mailLink(db, { target, kind: "changePassword", origin: opts.origin });
    return { result: "linkSent" };
  }
  const passwordHash = await newPasswordHash(db, data.newPassword ?? "", target.systemName);
  await storePassword(db, { target, passwordHash, actor: self(target), via: "account" });
  return { result: "changed" };
}

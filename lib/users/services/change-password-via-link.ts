import type { Database } from "@/db/client";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { consumeLinkToken } from "../link-tokens";
import { loadUser } from "../queries";
import { ZPasswordViaLink } from "../schemas";
import { newPasswordHash, self, storePassword } from "./store-password";

/** POST users/{id}/password/changeViaLink: the mailed link of an account password change, once. */
export async function changePasswordViaLink(db: Database, opts: { userId: string; input: unknown }): Promise<void> {
  const data = parseInput(ZPasswordViaLink, opts.input);
  const target = await loadUser(db, opts.userId).catch(() => {
    throw new AppError("LinkInvalid");
  });
  const passwordHash = await newPasswordHash(db, data.newPassword, target.systemName);
  const consume = (tx: Database) =>
    consumeLinkToken(tx, { token: data.token, purpose: "changePassword", userId: target.user.id });
  await storePassword(db, { target, passwordHash, actor: self(target), via: "link", consume });
}

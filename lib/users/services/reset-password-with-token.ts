import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users, userTokens } from "@/db/schema";
import { hashToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { consumeLinkToken } from "../link-tokens";
import { loadUser } from "../queries";
import { ZResetWithToken } from "../schemas";
import { newPasswordHash, self, storePassword } from "./store-password";

/** The reset page (/reset/{userName}/{token}): the token must belong to that user name; used once. */
export async function resetPasswordWithToken(db: Database, opts: { userName: string; input: unknown }): Promise<void> {
  const data = parseInput(ZResetWithToken, opts.input);
  const [owner] = await db
    .select({ userId: userTokens.userId })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(data.token)),
        eq(userTokens.purpose, "resetPassword"),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, sql`now()`),
        eq(users.name, opts.userName),
      ),
    );
  if (!owner) throw new AppError("LinkInvalid");
  const target = await loadUser(db, owner.userId);
  const passwordHash = await newPasswordHash(db, data.newPassword, target.systemName);
  const consume = (tx: Database) => consumeLinkToken(tx, { token: data.token, purpose: "resetPassword", userId: target.user.id });
  await storePassword(db, { target, passwordHash, actor: self(target), via: "reset", consume });
}

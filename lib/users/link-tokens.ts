import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { type UserTokenPurpose, userTokens } from "@/db/schema";
import { hashToken, newToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { getServiceConfig } from "@/lib/settings/store";

/** Mailed links expire after 24 hours (issue "Users and accounts"). */
export const LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A new single-use token for a mailed link; earlier unused ones of the same purpose stop working. */
export async function issueLinkToken(
  tx: Database,
  opts: { userId: string; purpose: UserTokenPurpose; newEmail?: string; now?: Date },
): Promise<string> {
  const now = opts.now ?? new Date();
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, opts.userId), eq(userTokens.purpose, opts.purpose), isNull(userTokens.usedAt)));
  const token = newToken();
  await tx.insert(userTokens).values({
    userId: opts.userId,
    purpose: opts.purpose,
    tokenHash: hashToken(token),
    newEmail: opts.newEmail ?? null,
    expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS),
    createdAt: now,
  });
  return token;
}

/**
 * Uses a link token once: one UPDATE checks purpose, user, address, expiry and first use together,
 * so a token works exactly once even when two requests race. Answers the token's user id.
 */
export async function consumeLinkToken(
  tx: Database,
  opts: { token: string; purpose: UserTokenPurpose; userId?: string; newEmail?: string },
): Promise<{ userId: string; newEmail: string | null }> {
  const conditions = [
    eq(userTokens.tokenHash, hashToken(opts.token)),
    eq(userTokens.purpose, opts.purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, sql`now()`),
  ];
  if (opts.userId) conditions.push(eq(userTokens.userId, opts.userId));
  if (opts.newEmail !== undefined) conditions.push(eq(sql`lower(${userTokens.newEmail})`, opts.newEmail.toLowerCase()));
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(and(...conditions))
    .returning({ userId: userTokens.userId, newEmail: userTokens.newEmail });
  if (!row) throw new AppError("LinkInvalid");
  return row;
}

/** Links in mails point at the configured service URL, else at the origin the request came from. */
export async function linkBase(db: Database, origin: string): Promise<string> {
  const configured = (await getServiceConfig(db)).serviceUrl;
  return (configured || origin).replace(/\/+$/, "");
}

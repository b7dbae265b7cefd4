import type { Database } from "@/db/client";
import { getServiceConfig } from "@/lib/settings/store";
import type { TokenHolder } from "../schemas";
import { rotateRefreshToken, tokenHolderOf } from "../sessions";

/** POST auth/refresh (DESIGN.md "Tokens"): a new token pair for a valid refresh token, which is used up. */
export async function refresh(db: Database, input: { token?: string; refreshToken: string }): Promise<TokenHolder> {
  const config = await getServiceConfig(db);
  const { session, caller } = await rotateRefreshToken(db, { ...input, tokenExpirationMinutes: config.tokenExpirationMinutes });
  return tokenHolderOf(
    session,
    { id: caller.userId, name: caller.userName, roles: caller.roles, requiresPasswordChange: caller.requiresPasswordChange },
    { id: caller.systemId, name: caller.systemName },
  );
}

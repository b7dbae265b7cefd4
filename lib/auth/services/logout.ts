import type { Database } from "@/db/client";
import type { Caller } from "../caller";
import { revokeSession } from "../sessions";

/** POST auth/logout: the caller's session ends (its token and refresh token stop working at once). */
export async function logout(db: Database, caller: Caller): Promise<void> {
  await revokeSession(db, caller.sessionId);
}

import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { getServiceInfo, getStationId } from "@/lib/settings/store";
import { findUser } from "@/lib/users/queries";
import { listApiKeys } from "@/lib/users/services/api-keys";

/**
 * What the account page of either portal shows besides the caller: its stored e-mail address and type,
 * whether a password change goes by mail (spec foundation §4), the station id the browser obfuscates with, and its API
 * keys (issue 26 §3).
 */
export async function readAccount(db: Database, caller: Caller) {
  const [row, info, stationId, keys] = await Promise.all([
    findUser(db, { userId: caller.userId }),
    getServiceInfo(db),
    getStationId(db),
    listApiKeys(db, { caller, userId: caller.userId }),
  ]);
  return {
    user: row && { emailAddress: row.user.emailAddress, type: row.user.type },
    emailConfirmation: info.isEmailConfirmationActive,
    stationId,
    apiKeys: keys.items,
  };
}

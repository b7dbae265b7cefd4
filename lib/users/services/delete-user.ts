import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import { refusal } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { managesUsersOf } from "../access";
import { assertNotLastSuperAdmin, loadUser } from "../queries";

/** DELETE users/{id}: not one's own user, not the last SuperAdmin; sessions and links go with it. */
export async function deleteUser(db: Database, opts: { caller: Caller; userId: string }): Promise<void> {
  const { caller } = opts;
  const target = await loadUser(db, opts.userId);
  const system = { id: target.user.systemId, name: target.systemName };
  if (!managesUsersOf(caller, system)) throw refusal(caller, system, new AppError("UserNotFound"));
  if (target.user.id === caller.userId) throw new AppError("OwnUserNotEditable");
  await db.transaction(async (tx) => {
    await assertNotLastSuperAdmin(tx, target);
    await tx.delete(users).where(eq(users.id, target.user.id));
    await writeAudit(tx, actingIn(caller, system), {
      category: "User",
      operation: "Delete",
      systemId: system.id,
      value: { id: target.user.id, name: target.user.name },
    });
  });
}

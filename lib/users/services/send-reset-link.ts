import type { Database } from "@/db/client";
import { refusal } from "@/lib/auth/access";
import { actingIn, type Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { managesUsersOf } from "../access";
import { loadUser } from "../queries";
import { mailLink } from "./mail-link";

/** POST users/{id}/password/reset: an administrator mails the user a reset link. */
export async function sendResetLink(db: Database, opts: { caller: Caller; userId: string; origin: string }): Promise<void> {
  const target = await loadUser(db, opts.userId);
  const system = { id: target.user.systemId, name: target.systemName };
  if (!managesUsersOf(opts.caller, system)) throw refusal(opts.caller, system, new AppError("UserNotFound"));
  if (target.user.type === "CSB") throw new AppError("InvalidCsbUserOperation");
  if (!target.user.emailAddress) throw new AppError("UserHasNoEmail");
  // the link's token and its audit-trail row are written together, before the mail goes out
  await mailLink(db, {
    target,
    kind: "resetPassword",
    origin: opts.origin,
    audit: {
      actor: actingIn(opts.caller, system),
      entry: {
        category: "User",
        operation: "Update",
        systemId: system.id,
        value: { id: target.user.id, name: target.user.name, passwordResetLink: "issued" },
      },
    },
  });
}

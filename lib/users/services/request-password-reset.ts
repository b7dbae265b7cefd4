import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "@/db/client";
import { systems, users } from "@/db/schema";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { log } from "@/lib/log";
import { loadUser, type UserRow } from "../queries";
import { ZForgotPassword } from "../schemas";
import { mailLink } from "./mail-link";

/**
 * Forgot password (spec foundation §5): by user id, or by system name + user name + e-mail. The answer
 * never tells whether such a user exists; a matching user with an address gets the link.
 */
export async function requestPasswordReset(
  db: Database,
  opts: { by: { userId: string } | { systemName?: string; userName?: string; email?: string }; origin: string },
): Promise<void> {
  let target: UserRow | undefined;
  if ("userId" in opts.by) {
    if (!z.uuid().safeParse(opts.by.userId).success) throw new AppError("MissingUserId");
    target = await loadUser(db, opts.by.userId).catch(() => undefined);
  } else {
    const { systemName, userName, email } = parseInput(ZForgotPassword, opts.by);
    const [row] = await db
      .select({ id: users.id, email: users.emailAddress })
      .from(users)
      .innerJoin(systems, eq(systems.id, users.systemId))
      .where(and(eq(sql`lower(${systems.name})`, systemName.toLowerCase()), eq(users.name, userName)));
    if (row && row.email?.toLowerCase() === email.toLowerCase()) target = await loadUser(db, row.id);
  }
  if (!target?.user.emailAddress || target.user.type === "CSB" || !target.user.isActive) {
    log.info({ by: "userId" in opts.by ? "id" : "name" }, "password reset requested for no matching user");
    return;
  }
  // a failing mail server must not tell the anonymous caller that the user exists
  await mailLink(db, { target, kind: "resetPassword", origin: opts.origin }).catch((err: unknown) =>
    log.error({ err, userId: target.user.id }, "reset link for a forgotten password could not be mailed"),
  );
}

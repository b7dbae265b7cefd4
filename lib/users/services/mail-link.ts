import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { userTokens } from "@/db/schema";
import { type AuditActor, type AuditEntry, writeAudit } from "@/lib/audit/services/write-audit";
import { hashToken } from "@/lib/crypto/tokens";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { sendMail } from "@/lib/mail/send-mail";
import { composeMail, type MailKind } from "@/lib/mail/templates";
import { issueLinkToken, linkBase } from "../link-tokens";
import type { UserRow } from "../queries";

/** spec foundation §2: the pages the mailed links open. */
function linkPath(kind: MailKind, target: UserRow, token: string, email?: string): string {
  switch (kind) {
    case "resetPassword":
      return `/reset/${encodeURIComponent(target.user.name)}/${token}`;
    case "changePassword":
      return `/account/changePassword/${target.user.id}/${token}`;
    case "changeEmail":
      return `/account/changeEmail/${target.user.id}/${token}/${encodeURIComponent(email ?? "")}`;
  }
}

/**
 * Issues a single-use token and mails its link in the user's language. The token is committed before
 * the mail goes out (no transaction is held open over SMTP); when sending fails it is withdrawn. `audit`: the
 * audit-trail row of an administrator's issuing, written in the token's transaction.
 */
export async function mailLink(
  db: Database,
  opts: {
    target: UserRow;
    kind: MailKind;
    origin: string;
    newEmail?: string;
    audit?: { actor: AuditActor; entry: AuditEntry };
  },
): Promise<void> {
  const { target, kind, audit } = opts;
  const to = kind === "changeEmail" ? opts.newEmail : target.user.emailAddress;
  if (!to) throw new AppError("UserHasNoEmail");
  const token = await db.transaction(async (tx) => {
    const issued = await issueLinkToken(tx, { userId: target.user.id, purpose: kind, newEmail: opts.newEmail });
    if (audit) await writeAudit(tx, audit.actor, audit.entry);
    return issued;
  });
  const link = (await linkBase(db, opts.origin)) + linkPath(kind, target, token, opts.newEmail);
  const mail = composeMail({
    kind,
    language: target.user.language,
    to,
    params: { name: target.user.fullName || target.user.name, system: target.systemName, link, email: opts.newEmail },
  });
  try {
    await sendMail(db, mail);
  } catch (err) {
    log.error({ err, to, kind }, "mail failed");
    await db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(eq(userTokens.tokenHash, hashToken(token)));
    throw new AppError("MailFailed");
  }
}

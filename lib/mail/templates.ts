import { createTranslator } from "next-intl";
import type { Language } from "@/db/schema";
import de from "@/messages/de-DE.json";
import en from "@/messages/en-US.json";
import type { Mail } from "./send-mail";

export type MailKind = "resetPassword" | "changePassword" | "changeEmail";

const MESSAGES = { "en-US": en, "de-DE": de } as const;

/** A mail in the user's language (messages namespace "mail"). */
export function composeMail(opts: {
  kind: MailKind;
  language: Language;
  to: string;
  params: { name: string; system: string; link: string; email?: string };
}): Mail {
  const t = createTranslator({ locale: opts.language, messages: MESSAGES[opts.language], namespace: "mail" });
  const params = { ...opts.params, email: opts.params.email ?? opts.to };
  return { to: opts.to, subject: t(`${opts.kind}Subject`), text: t(`${opts.kind}Text`, params) };
}

/** One alert of a licence (lib/licences/alerts.ts LicenceAlert), as the mail lists it. */
type AlertLine = { code: string; params: Record<string, string | number> };

/**
 * The LicenceAlertsNotifier's mail in the recipient's language: the licence, the level it reached and its alerts, each
 * said as the licence pages say it (messages "licence" `level_*`, `alert_*`; the mail's frame in "mail").
 */
export function composeLicenceAlertMail(opts: {
  language: Language;
  to: string;
  name: string;
  licence: { id: string; name: string };
  level: "warning" | "critical" | "expired";
  alerts: AlertLine[];
}): Mail {
  const messages = MESSAGES[opts.language];
  const t = createTranslator({ locale: opts.language, messages, namespace: "mail" });
  const tl = createTranslator({ locale: opts.language, messages, namespace: "licence" });
  const level = tl(`level_${opts.level}`);
  const alerts = opts.alerts.map((a) => `- ${tl(`alert_${a.code}` as "alert_LicenceExpired", a.params)}`).join("\n");
  const params = { name: opts.name, licence: opts.licence.name, id: opts.licence.id, level, alerts };
  return { to: opts.to, subject: t("licenceAlertSubject", params), text: t("licenceAlertText", params) };
}

/** Issue 26 §1: a webhook disabled after 3 days of failed attempts, told to its system's administrators. */
export function composeWebhookDisabledMail(opts: {
  language: Language;
  to: string;
  name: string;
  system: string;
  url: string;
  since: Date;
}): Mail {
  const t = createTranslator({ locale: opts.language, messages: MESSAGES[opts.language], namespace: "mail" });
  const since = `${opts.since.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const params = { name: opts.name, system: opts.system, url: opts.url, since };
  return { to: opts.to, subject: t("webhookDisabledSubject", params), text: t("webhookDisabledText", params) };
}

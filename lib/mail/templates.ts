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

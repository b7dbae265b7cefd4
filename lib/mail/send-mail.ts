import os from "node:os";
import nodemailer from "nodemailer";
import type { Database } from "@/db/client";
import { getServiceConfig } from "@/lib/config/service-config";
import { openSecret } from "@/lib/crypto/secrets";
import { log } from "@/lib/log";

export type Mail = { to: string; subject: string; text: string };

/** "host" or "host:port" of the service configuration's eMailHost; port 25 unless given. */
export function parseMailHost(value: string): { host: string; port: number } {
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(value.trim());
  const host = match?.[1] ?? value.trim();
  const port = match?.[2] ? Number(match[2]) : 25;
  return { host, port };
}

/**
 * Sends a mail through the SMTP server of the service configuration (eMailHost, eMailUser,
 * eMailPassword). Without a host the mail, link included, goes to the server log instead (DESIGN.md).
 */
export async function sendMail(db: Database, mail: Mail): Promise<"sent" | "logged"> {
  const config = await getServiceConfig(db);
  if (!config.eMailHost) {
    log.warn({ to: mail.to, subject: mail.subject, text: mail.text }, "mail not sent: no SMTP host configured");
    return "logged";
  }
  const { host, port } = parseMailHost(config.eMailHost);
  const password = config.eMailPasswordSealed ? openSecret(config.eMailPasswordSealed) : undefined;
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: port === 465,
    auth: config.eMailUser && password ? { user: config.eMailUser, pass: password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
  });
  const from = process.env.MAIL_FROM || (config.eMailUser.includes("@") ? config.eMailUser : `docservice@${os.hostname()}`);
  await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  log.info({ to: mail.to, subject: mail.subject }, "mail sent");
  return "sent";
}

import os from "node:os";
import nodemailer from "nodemailer";
import type { Database } from "@/db/client";
import { openSecret } from "@/lib/crypto/secrets";
import { log } from "@/lib/log";
import { getServiceConfig } from "@/lib/settings/store";

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
  const password = config.eMailPasswordSealed ? openSecret(config.eMailPasswordSealed) : undefined;
  await sendMailVia({ host: config.eMailHost, user: config.eMailUser, password }, mail);
  return "sent";
}

/** The SMTP server a mail goes through: eMailHost ("host" or "host:port"), and the login when both are given. */
export type SmtpServer = { host: string; user: string; password?: string; timeoutMs?: number };

/** Sends one mail through the given SMTP server (the configuration's, or the unsaved one of the SMTP test). */
export async function sendMailVia(server: SmtpServer, mail: Mail): Promise<void> {
  const { host, port } = parseMailHost(server.host);
  const timeout = server.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport({
    host,
    port,
    secure: port === 465,
    auth: server.user && server.password ? { user: server.user, pass: server.password } : undefined,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  const from = process.env.MAIL_FROM || (server.user.includes("@") ? server.user : `docservice@${os.hostname()}`);
  await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
  log.info({ to: mail.to, subject: mail.subject }, "mail sent");
}

import type { AddressInfo } from "node:net";
import net from "node:net";
import { SMTPServer } from "smtp-server";

/** One mail as the test SMTP server received it, minimally parsed. */
export type ReceivedMail = {
  /** envelope recipients (RCPT TO) */
  to: string[];
  /** envelope sender (MAIL FROM) */
  from: string;
  /** the user the client authenticated as, when it did */
  user?: string;
  /** the message as received (CRLF line ends) */
  raw: string;
  /** header names in lower case, folded lines joined, encoded words decoded; the first of repeated names */
  headers: Record<string, string>;
  subject: string;
  /** the text/plain body, transfer encoding and charset decoded, line ends as \n */
  text: string;
};

export type SmtpAuth = { method: string; username: string };

export type TestSmtpServer = {
  port: number;
  messages: ReceivedMail[];
  /** every AUTH the server accepted (any credentials are accepted) */
  auths: SmtpAuth[];
  /** the first message (already received or arriving) that matches, or a rejection after timeoutMs */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 and a free port for the mail flows: no TLS (STARTTLS disabled),
 * authentication optional, AUTH PLAIN/LOGIN accepted with any credentials.
 */
export async function startSmtp(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const auths: SmtpAuth[] = [];
  const listeners = new Set<(mail: ReceivedMail) => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      const username = auth.username ?? "";
      auths.push({ method: auth.method, username });
      callback(null, { user: username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", (err) => callback(err));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMessage(raw);
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          user: typeof session.user === "string" ? session.user : undefined,
          raw,
          headers: parsed.headers,
          subject: parsed.headers.subject ?? "",
          text: parsed.text,
        };
        messages.push(mail);
        for (const listener of listeners) listener(mail);
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    messages,
    auths,
    waitFor(predicate, timeoutMs = 5000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const listener = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        listeners.add(listener);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on 127.0.0.1 that nothing listens on (a server was bound to it and closed again). */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The first http(s) URL in a text. */
export function firstLink(text: string): string {
  const match = /https?:\/\/[^\s<>"]+/.exec(text);
  if (!match) throw new Error(`no link in mail text: ${text}`);
  return match[0];
}

// --- minimal MIME parsing (RFC 5322 headers, RFC 2047 encoded words, RFC 2045 transfer encodings) ---

type Part = { headers: Record<string, string>; body: string };

function splitHeadersAndBody(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function charsetDecode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || "utf-8").decode(bytes);
  } catch {
    return bytes.toString("utf8");
  }
}

/** quoted-printable (RFC 2045 §6.7) to bytes; `underscoreIsSpace` for the Q encoding of RFC 2047 */
function qpBytes(text: string, underscoreIsSpace = false): Buffer {
  const source = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    const hex = source.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else if (ch === "_" && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words; adjacent ones (only white space between) are one text. */
export function decodeEncodedWords(value: string): string {
  const word = /=\?([^?\s]+)\?([QqBb])\?([^?\s]*)\?=/g;
  let out = "";
  let last = 0;
  let pending: { charset: string; bytes: Buffer[] } | null = null;
  const flush = () => {
    if (pending) out += charsetDecode(Buffer.concat(pending.bytes), pending.charset);
    pending = null;
  };
  for (let m = word.exec(value); m; m = word.exec(value)) {
    const between = value.slice(last, m.index);
    const charset = (m[1] ?? "utf-8").split("*")[0]!;
    const encoding = (m[2] ?? "Q").toUpperCase();
    const bytes = encoding === "B" ? Buffer.from(m[3] ?? "", "base64") : qpBytes(m[3] ?? "", true);
    const current = pending as { charset: string; bytes: Buffer[] } | null;
    if (current && /^\s*$/.test(between) && current.charset.toLowerCase() === charset.toLowerCase()) {
      current.bytes.push(bytes);
    } else {
      flush();
      if (!/^\s*$/.test(between) || last === 0) out += between;
      pending = { charset, bytes: [bytes] };
    }
    last = m.index + m[0].length;
  }
  flush();
  return out + value.slice(last);
}

function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const match = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, "i").exec(value);
  return match?.[1] ?? match?.[2];
}

function decodeBody(part: Part): string {
  const encoding = (part.headers["content-transfer-encoding"] ?? "7bit").trim().toLowerCase();
  const charset = headerParam(part.headers["content-type"], "charset") ?? "utf-8";
  let text: string;
  if (encoding === "quoted-printable") text = charsetDecode(qpBytes(part.body), charset);
  else if (encoding === "base64") text = charsetDecode(Buffer.from(part.body.replace(/\s+/g, ""), "base64"), charset);
  else text = part.body;
  return text.replace(/\r\n/g, "\n");
}

/** The text/plain content of a part: the part itself, or the first text/plain of a multipart. */
function plainText(part: Part): string {
  const type = (part.headers["content-type"] ?? "text/plain").toLowerCase();
  if (type.startsWith("multipart/")) {
    const boundary = headerParam(part.headers["content-type"], "boundary");
    if (!boundary) return "";
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      const text = plainText(splitHeadersAndBody(section.replace(/^\r?\n/, "")));
      if (text) return text;
    }
    return "";
  }
  return type.startsWith("text/plain") ? decodeBody(part) : "";
}

export function parseMessage(raw: string): { headers: Record<string, string>; text: string } {
  const part = splitHeadersAndBody(raw);
  return { headers: part.headers, text: plainText(part) };
}

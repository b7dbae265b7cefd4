import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { expect, inject } from "vitest";

/** The server of tests/server/global-setup.ts. */
export function server() {
  return inject("server");
}

export type Answer = { status: number; headers: Headers; text: string; json: any };

export type ApiOptions = {
  token?: string;
  body?: unknown;
  /** a raw body (a string, bytes or a FormData) instead of `body` */
  raw?: BodyInit;
  headers?: Record<string, string>;
};

/** One call as a client makes it: redirects are not followed (a 308 is an answer of its own here). */
export async function api(method: string, pathName: string, options: ApiOptions = {}): Promise<Answer> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const res = await fetch(server().url + pathName, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The answer is `status` with the error envelope holding `code` first. */
export function expectError(res: Answer, status: number, code?: string): void {
  expect(res.status, res.text.slice(0, 500)).toBe(status);
  expect(res.headers.get("content-type") ?? "", res.text.slice(0, 500)).toContain("application/json");
  expect(res.json?.errors?.length, res.text.slice(0, 500)).toBeGreaterThan(0);
  for (const e of res.json.errors) expect(Object.keys(e).sort()).toEqual(["code", "message", "messageParameter"]);
  if (code) expect(res.json.errors[0].code, res.text.slice(0, 500)).toBe(code);
}

export async function login(systemName: string, userName: string, password: string): Promise<string> {
  const res = await api("POST", "/api/auth/login", { body: { systemName, userName, password } });
  expect(res.status, res.text).toBe(200);
  return res.json.token as string;
}

let admin: Promise<string> | undefined;
/** A token of the Supersystem's admin (SuperAdmin). */
export function adminToken(): Promise<string> {
  admin ??= login("Supersystem", "admin", server().adminPassword);
  return admin;
}

export const USER_PASSWORD = "Tenant-Passw0rd!";
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString("hex")}`;

/** A new tenant system made through the API, answered as the API answers it. */
export async function makeSystem(): Promise<{ id: string; name: string }> {
  const res = await api("POST", "/api/systems", { token: await adminToken(), body: { name: unique("Sys"), type: "Local" } });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** A user of `system` with `roles`, made through the API, and its token. */
export async function makeUser(system: { id: string; name: string }, roles: string[]) {
  const name = unique("user");
  const res = await api("POST", "/api/users/register", {
    token: await adminToken(),
    body: { systemName: system.name, name, fullName: name, password: USER_PASSWORD, roles, requiresPasswordChange: false },
  });
  expect(res.status, res.text).toBe(200);
  return { id: res.json.id as string, name, token: await login(system.name, name, USER_PASSWORD) };
}

/** the processes of the server's group that read documents for its jobs (started and memory-limited on their own) */
const DOCUMENT_READERS = /pdf-child|tesseract|pdftotext/;

/**
 * Resident memory of the server: VmRSS of every process of its group but its document readers, in bytes (Linux /proc),
 * else undefined. A PDF reader that another test file's job starts meanwhile (100 MB and more) is not the server's
 * handling of a request.
 */
export function serverRss(): number | undefined {
  if (!existsSync("/proc/self/stat")) return undefined;
  const { pgid } = server();
  let total = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      // field 5 of /proc/<pid>/stat is the process group (after the command in parentheses)
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== pgid) continue;
      if (DOCUMENT_READERS.test(readFileSync(`/proc/${pid}/cmdline`, "utf8"))) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      total += Number(rss ?? 0) * 1024;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { openSecret } from "@/lib/crypto/secrets";
import { parseInput } from "@/lib/errors/envelope";
import { parseMailHost, sendMailVia } from "@/lib/mail/send-mail";
import { type ConfigTestReasonCode, type ConfigTestResult, ZConfigTestQuery, ZServiceConfigPatch } from "@/lib/settings/schemas";
import { getServiceConfig } from "@/lib/settings/store";
import { assertManagesConfiguration } from "../access";

/**
 * How long each test waits: DESIGN.md "Configuration" gives the ERP connection service 5 s. Tests shorten them
 * (the one place they are read).
 */
export const CONNECTION_TEST_TIMEOUTS = { erpcsMs: 5000, smtpMs: 10_000 };

/**
 * Why a test went as it did, as a code with its parameters (ConfigTestReason): the page says it in the user's language
 * (messages configuration.testReason_<code>), `message` keeps the English sentence the API always answered.
 */
export type TestResult = ConfigTestResult;

const ENGLISH: Record<ConfigTestReasonCode, (p: Record<string, string | number>) => string> = {
  mailSent: (p) => `A test mail was sent to ${p.to} through ${p.host}.`,
  answered: (p) => `${p.origin} answered HTTP ${p.status}.`,
  noMailHost: () => "No e-mail host is given.",
  noUrl: () => "No URL of the ERP connection service is given.",
  notHttp: (p) => `Not an http(s) URL: ${p.url}`,
  timeout: () => "no answer in time",
  refused: (p) => `connect ECONNREFUSED ${p.address}`,
  unknownHost: (p) => `getaddrinfo ENOTFOUND ${p.host}`,
  badPort: (p) => `bad port ${p.port}`,
  authFailed: (p) => `${p.detail}`,
  rejected: (p) => `${p.detail}`,
  other: (p) => `${p.detail}`,
};

function result(success: boolean, code: ConfigTestReasonCode, params: Record<string, string | number> = {}): TestResult {
  return { success, message: ENGLISH[code](params), reason: { code, params } };
}

/**
 * A failed connection as a reason the page can explain: fetch's "bad port" (a port HTTP clients never connect to, as
 * the Fetch standard lists them: 25 is SMTP's), refused, unknown host, no answer in time, refused sign-in or mail;
 * anything else with its own words.
 */
function failure(error: unknown, target: { host: string; port: number }): TestResult {
  if (!(error instanceof Error)) return result(false, "other", { detail: "failed" });
  const cause = error.cause instanceof Error ? error.cause : error;
  const detail = cause.message;
  const code = String((cause as { code?: unknown }).code ?? (error as { code?: unknown }).code ?? "");
  const address = `${target.host}:${target.port}`;
  if (error.name === "TimeoutError" || cause.name === "TimeoutError" || code === "ETIMEDOUT" || /timeout/i.test(detail))
    return result(false, "timeout");
  if (detail === "bad port") return result(false, "badPort", { port: String(target.port) });
  if (code === "ECONNREFUSED" || /ECONNREFUSED/.test(detail))
    return { ...result(false, "refused", { address }), message: detail };
  if (code === "ENOTFOUND" || code === "EDNS" || code === "EAI_AGAIN" || /ENOTFOUND|EAI_AGAIN/.test(detail))
    return { ...result(false, "unknownHost", { host: target.host }), message: detail };
  if (code === "EAUTH") return result(false, "authFailed", { detail });
  if (code === "EENVELOPE" || code === "EMESSAGE") return result(false, "rejected", { detail });
  return result(false, "other", { detail });
}

/**
 * POST v3/config/service/test?service=smtp|erpcs with the (unsaved) service settings as body (ManageConfiguration):
 * smtp sends a test mail through that server to the caller's e-mail address (else postmaster at the mail host);
 * erpcs expects an HTTP answer below 500 from derpcsUrl within 5 s. A failing server is `success: false` with
 * its message, never an error of the call. A password sent as ******** is the stored one, and goes only to the
 * stored host.
 */
export async function testServiceConnection(
  db: Database,
  opts: { caller: Caller; query: unknown; input: unknown },
): Promise<TestResult> {
  assertManagesConfiguration(opts.caller);
  const { service } = parseInput(ZConfigTestQuery, opts.query);
  const input = parseInput(ZServiceConfigPatch, opts.input ?? {});
  const stored = await getServiceConfig(db);
  if (service === "erpcs") return testErpcs(input.derpcsUrl ?? stored.derpcsUrl, CONNECTION_TEST_TIMEOUTS.erpcsMs);

  const host = (input.eMailHost ?? stored.eMailHost).trim();
  if (!host) return result(false, "noMailHost");
  const user = input.eMailUser ?? stored.eMailUser;
  let password = input.eMailPassword;
  if (password === undefined || password === SECRET_PLACEHOLDER) {
    password = stored.eMailPasswordSealed && stored.eMailHost === host ? openSecret(stored.eMailPasswordSealed) : undefined;
  }
  const [me] = await db.select({ email: users.emailAddress }).from(users).where(eq(users.id, opts.caller.userId));
  const to = me?.email || `postmaster@${parseMailHost(host).host}`;
  try {
    await sendMailVia(
      { host, user, password, timeoutMs: CONNECTION_TEST_TIMEOUTS.smtpMs },
      {
        to,
        subject: "Test mail of the document service",
        text: `This test mail was sent by ${opts.caller.userName} from the configuration page through ${host}.`,
      },
    );
    return result(true, "mailSent", { to, host });
  } catch (error) {
    return failure(error, parseMailHost(host));
  }
}

async function testErpcs(derpcsUrl: string, timeoutMs: number): Promise<TestResult> {
  let url: URL;
  try {
    url = new URL(derpcsUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol");
  } catch {
    return derpcsUrl ? result(false, "notHttp", { url: derpcsUrl }) : result(false, "noUrl");
  }
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    await res.body?.cancel();
    return result(res.status < 500, "answered", { origin: url.origin, status: res.status });
  } catch (error) {
    const port = Number(url.port) || (url.protocol === "https:" ? 443 : 80);
    return failure(error, { host: url.hostname, port });
  }
}

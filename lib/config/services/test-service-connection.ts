import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { users } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { openSecret } from "@/lib/crypto/secrets";
import { parseInput } from "@/lib/errors/envelope";
import { parseMailHost, sendMailVia } from "@/lib/mail/send-mail";
import { assertManagesConfiguration } from "../access";
import { SECRET_PLACEHOLDER, ZConfigTestQuery, ZServiceConfigPatch } from "../schemas";
import { getServiceConfig } from "../service-config";

/**
 * How long each test waits: DESIGN.md "Configuration" gives the ERP connection service 5 s. Tests shorten them
 * (the one place they are read).
 */
export const CONNECTION_TEST_TIMEOUTS = { erpcsMs: 5000, smtpMs: 10_000 };

export type TestResult = { success: boolean; message: string };

function reason(error: unknown): string {
  if (!(error instanceof Error)) return "failed";
  if (error.name === "TimeoutError") return "no answer in time";
  return error.cause instanceof Error ? error.cause.message : error.message;
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
  if (!host) return { success: false, message: "No e-mail host is given." };
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
    return { success: true, message: `A test mail was sent to ${to} through ${host}.` };
  } catch (error) {
    return { success: false, message: reason(error) };
  }
}

async function testErpcs(derpcsUrl: string, timeoutMs: number): Promise<TestResult> {
  let url: URL;
  try {
    url = new URL(derpcsUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol");
  } catch {
    return {
      success: false,
      message: derpcsUrl ? `Not an http(s) URL: ${derpcsUrl}` : "No URL of the ERP connection service is given.",
    };
  }
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    await res.body?.cancel();
    if (res.status < 500) return { success: true, message: `${url.origin} answered HTTP ${res.status}.` };
    return { success: false, message: `${url.origin} answered HTTP ${res.status}.` };
  } catch (error) {
    return { success: false, message: reason(error) };
  }
}

import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { openSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { ERROR_CODES } from "@/lib/errors/codes";
import { parseInput } from "@/lib/errors/envelope";
import { ZCsbTest } from "../schemas";

const TIMEOUT_MS = 10_000;

/**
 * "Test connection" of a CSB system (initial -> loading -> alert): signs on to the content-services
 * backend the way the licence source does (DESIGN.md "Cloud-service (CSB) licence": GET
 * {csbUrl}/api/licences/{csbSystem} with basic auth). Answers { success, message }; never throws for
 * an unreachable or refusing backend.
 */
export async function testCsbConnection(
  db: Database,
  opts: { caller: Caller; input: unknown },
): Promise<{ success: boolean; message: string }> {
  if (!hasPermission(opts.caller.roles, "ManageSystems")) throw new AppError("AccessDenied");
  const input = parseInput(ZCsbTest, opts.input);
  let password = input.csbPassword === SECRET_PLACEHOLDER ? undefined : input.csbPassword;
  if (password === undefined && input.systemId) {
    // the stored password goes only to the stored backend: a changed URL needs the password typed again
    const [stored] = await db
      .select({ enc: systems.csbPasswordEnc, url: systems.csbUrl })
      .from(systems)
      .where(eq(systems.id, input.systemId));
    if (stored?.enc && stored.url === input.csbUrl) password = openSecret(stored.enc);
  }
  const missing = [
    !input.csbUrl && "MissingCsbUrl",
    !input.csbSystem && "MissingCsbCustomer",
    !input.csbUser && "MissingCsbUser",
    !password && "MissingCsbPassword",
  ].filter((c): c is "MissingCsbUrl" | "MissingCsbCustomer" | "MissingCsbUser" | "MissingCsbPassword" => !!c);
  if (missing.length) throw AppError.many(missing.map((code) => ({ code })));

  let url: URL;
  try {
    url = new URL(`${input.csbUrl.replace(/\/+$/, "")}/api/licences/${encodeURIComponent(input.csbSystem)}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol");
  } catch {
    return { success: false, message: `${ERROR_CODES.CsbLoginError.message} (invalid URL)` };
  }
  try {
    const res = await fetch(url, {
      headers: { authorization: `Basic ${Buffer.from(`${input.csbUser}:${password}`).toString("base64")}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
    if (res.ok) return { success: true, message: `Connected to ${url.origin} as ${input.csbUser}.` };
    return { success: false, message: `${ERROR_CODES.CsbLoginError.message} (HTTP ${res.status})` };
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "failed";
    return { success: false, message: `${ERROR_CODES.CsbLoginError.message} (${reason})` };
  }
}

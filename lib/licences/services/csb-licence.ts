import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences } from "@/db/schema";
import { writeAudit } from "@/lib/audit/service";
import type { Caller } from "@/lib/auth/caller";
import { openSecret, sealSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { log } from "@/lib/log";
import { getLicence } from "../queries";
import { type LicenceDto, ZCsbLicence } from "../schemas";
import { assertManagesLicences } from "./access";
import { storeLicence, verify } from "./store";

const TIMEOUT_MS = 15_000;

type Source = { url: string; customer: string; user: string; password: string };

/** DESIGN.md "Cloud-service (CSB) licence": GET {csbUrl}/api/licences/{csbSystem} with HTTP basic auth. */
export async function fetchCsbLicence(source: Source): Promise<string> {
  let url: URL;
  try {
    url = new URL(`${source.url.replace(/\/+$/, "")}/api/licences/${encodeURIComponent(source.customer)}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http(s)");
  } catch (error) {
    throw new AppError("LicenceSourceUnreachable", {
      problem: "invalidUrl",
      reason: error instanceof Error ? error.message : "invalid URL",
    });
  }
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        authorization: `Basic ${Buffer.from(`${source.user}:${source.password}`).toString("base64")}`,
        accept: "text/plain",
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: "manual",
    });
  } catch (error) {
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "failed";
    throw new AppError("LicenceSourceUnreachable", { problem: "network", reason });
  }
  if (!res.ok) throw new AppError("LicenceSourceRefused", { status: res.status });
  const text = (await res.text()).trim();
  // the answer is a licence file; a JSON string around it is accepted too
  return text.startsWith('"') ? String(JSON.parse(text)) : text;
}

/** POST v3/licences/csb: fetch the licence of a cloud source and keep the source for refreshes. */
export async function addCsbLicence(db: Database, opts: { caller: Caller; input: unknown }): Promise<LicenceDto> {
  assertManagesLicences(opts.caller);
  const { csbUrl, csbSystem, csbUser, csbPassword, systemId } = parseInput(ZCsbLicence, opts.input);
  const content = await fetchCsbLicence({ url: csbUrl, customer: csbSystem, user: csbUser, password: csbPassword });
  const file = await verify(db, content);
  await storeLicence(db, {
    caller: opts.caller,
    file,
    content,
    source: "csb",
    systemId,
    csb: { url: csbUrl, customer: csbSystem, user: csbUser, passwordSealed: sealSecret(csbPassword) },
  });
  const stored = await getLicence(db, { id: file.id });
  if (!stored) throw new Error("licence vanished after insert");
  return stored;
}

/**
 * POST v3/licences/csb/{id}/refresh and the CsbLicenceUpdater task: fetch again and take the new
 * expiration and features. The source must still deliver the same licence id.
 */
export async function refreshCsbLicence(db: Database, opts: { caller: Caller | null; id: string }): Promise<LicenceDto> {
  if (opts.caller) assertManagesLicences(opts.caller);
  const [row] = await db.select().from(licences).where(eq(licences.id, opts.id));
  if (!row) throw new AppError("LicenceNotFound", { id: opts.id });
  if (row.source !== "csb" || !row.csbUrl || !row.csbCustomer || !row.csbUsername || !row.csbPasswordEnc) {
    throw new AppError("LicenceNotFromSource");
  }
  const content = await fetchCsbLicence({
    url: row.csbUrl,
    customer: row.csbCustomer,
    user: row.csbUsername,
    password: openSecret(row.csbPasswordEnc),
  });
  const file = await verify(db, content);
  if (file.id !== row.id)
    throw new AppError("LicenceInvalid", {
      problem: "otherLicence",
      id: file.id,
      reason: `the source now delivers licence ${file.id}`,
    });
  await db.transaction(async (tx) => {
    await tx
      .update(licences)
      .set({
        name: file.name,
        customer: file.customer,
        expiration: file.expiration,
        station: file.station,
        mac: file.mac,
        issued: file.issued,
        features: file.features,
        content,
        refreshedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(licences.id, row.id));
    await writeAudit(tx, opts.caller, {
      category: "Licence",
      operation: "Update",
      systemId: row.systemId,
      value: { id: row.id, refreshed: true, expiration: file.expiration, features: file.features },
    });
  });
  log.info({ licenceId: row.id }, "cloud licence refreshed");
  const stored = await getLicence(db, { id: row.id });
  if (!stored) throw new Error("licence vanished after refresh");
  return stored;
}

import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { openSecret } from "@/lib/crypto/secrets";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { assertManagesLicences } from "../access";
import { fetchCsbLicence } from "../csb-source";
import { getLicence } from "../queries";
import type { LicenceDto } from "../schemas";
import { fileColumns, verify } from "./store-licence";

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
  if (file.id !== row.id) {
    throw new AppError("LicenceInvalid", {
      problem: "otherLicence",
      id: file.id,
      reason: `the source now delivers licence ${file.id}`,
    });
  }
  await db.transaction(async (tx) => {
    await tx
      .update(licences)
      .set({
        ...fileColumns(file),
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

import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences, systems } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { AppError } from "@/lib/errors/app-error";
import { getStationId } from "@/lib/settings/store";
import { type LicenceFile, trustedLicenceKeys, verifyLicenceFile } from "../file";

/** Verifies a licence file against the trusted keys, this installation's station and today. */
export async function verify(db: Database, base64: string): Promise<LicenceFile> {
  return verifyLicenceFile(base64, { publicKeys: trustedLicenceKeys(), stationId: await getStationId(db), now: new Date() });
}

/** The columns of a licence row that its file decides (on adding and on each refresh from a cloud source). */
export function fileColumns(file: LicenceFile) {
  const { name, customer, expiration, station, mac, issued, features } = file;
  return { name, customer, expiration, station, mac, issued, features };
}

/**
 * Stores a verified licence (the same licence id never twice) and, when a system is named, assigns it
 * to that system. One transaction with its audit row.
 */
export async function storeLicence(
  db: Database,
  opts: {
    caller: Caller;
    file: LicenceFile;
    content: string;
    source: "file" | "csb";
    systemId?: string | null;
    csb?: { url: string; customer: string; user: string; passwordSealed: string };
  },
): Promise<void> {
  const { file, caller } = opts;
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: licences.id }).from(licences).where(eq(licences.id, file.id));
    if (existing) throw new AppError("LicenceDuplicate", { id: file.id });
    if (opts.systemId) {
      const [system] = await tx.select({ id: systems.id }).from(systems).where(eq(systems.id, opts.systemId));
      if (!system) throw new AppError("SystemNotFound");
    }
    await tx.insert(licences).values({
      id: file.id,
      ...fileColumns(file),
      isVirtual: false,
      source: opts.source,
      content: opts.content,
      systemId: opts.systemId ?? null,
      csbUrl: opts.csb?.url ?? null,
      csbCustomer: opts.csb?.customer ?? null,
      csbUsername: opts.csb?.user ?? null,
      csbPasswordEnc: opts.csb?.passwordSealed ?? null,
      refreshedAt: opts.source === "csb" ? new Date() : null,
    });
    if (opts.systemId)
      await tx.update(systems).set({ licenceId: file.id, updatedAt: new Date() }).where(eq(systems.id, opts.systemId));
    await writeAudit(tx, caller, {
      category: "Licence",
      operation: "Create",
      systemId: opts.systemId ?? null,
      value: {
        id: file.id,
        name: file.name,
        customer: file.customer,
        expiration: file.expiration,
        source: opts.source,
        features: file.features,
      },
    });
  });
}

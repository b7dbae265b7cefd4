import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { licences } from "@/db/schema";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { sealSecret } from "@/lib/crypto/secrets";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { assertManagesLicences } from "../access";
import { validateAlertConfiguration } from "../alerts";
import { getLicence } from "../queries";
import { type LicenceDto, ZLicencePatch } from "../schemas";
import { checkChildren, replaceChildren } from "./replace-children";

/**
 * PATCH v3/licences/{id} (spec foundation §5 "Licence edit"): name required; a virtual licence keeps at
 * least one child; cloud licences need url, system and user; alert stages in range.
 */
export async function patchLicence(db: Database, opts: { caller: Caller; id: string; input: unknown }): Promise<LicenceDto> {
  assertManagesLicences(opts.caller);
  const input = parseInput(ZLicencePatch, opts.input);
  const [row] = await db.select().from(licences).where(eq(licences.id, opts.id));
  if (!row) throw new AppError("LicenceNotFound", { id: opts.id });

  const errors: ErrorEntry[] = [];
  if (input.name !== undefined && !input.name) errors.push({ code: "MissingLicenceName" });
  if (input.alertConfiguration) errors.push(...validateAlertConfiguration(input.alertConfiguration));
  if (input.childIds && !row.isVirtual) errors.push({ code: "BadRequest" });
  const isCsb = row.source === "csb";
  if (isCsb) {
    if (input.csbUrl !== undefined && !input.csbUrl) errors.push({ code: "licence_error_csb_missingUrl" });
    if (input.csbSystem !== undefined && !input.csbSystem) errors.push({ code: "licence_error_csb_missingSystem" });
    if (input.csbUser !== undefined && !input.csbUser) errors.push({ code: "licence_error_csb_missingUser" });
  }
  if (errors.length) throw AppError.many(errors);

  const newPassword =
    isCsb && input.csbPassword && input.csbPassword !== SECRET_PLACEHOLDER ? sealSecret(input.csbPassword) : undefined;
  await db.transaction(async (tx) => {
    if (input.childIds) {
      await checkChildren(tx, row.id, input.childIds);
      await replaceChildren(tx, row.id, input.childIds);
    }
    await tx
      .update(licences)
      .set({
        ...(input.name ? { name: input.name } : {}),
        ...(input.alertConfiguration ? { alertConfiguration: input.alertConfiguration } : {}),
        ...(isCsb && input.csbUrl ? { csbUrl: input.csbUrl } : {}),
        ...(isCsb && input.csbSystem ? { csbCustomer: input.csbSystem } : {}),
        ...(isCsb && input.csbUser ? { csbUsername: input.csbUser } : {}),
        ...(newPassword ? { csbPasswordEnc: newPassword } : {}),
        updatedAt: new Date(),
      })
      .where(eq(licences.id, row.id));
    const { csbPassword, ...value } = input;
    await writeAudit(tx, opts.caller, {
      category: "Licence",
      operation: "Update",
      systemId: row.systemId,
      value: { id: row.id, ...value, ...(newPassword ? { csbPassword: "changed" } : {}) },
    });
  });
  const stored = await getLicence(db, { id: row.id });
  if (!stored) throw new Error("licence vanished after update");
  return stored;
}

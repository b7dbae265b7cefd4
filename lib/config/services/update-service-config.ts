import type { Database } from "@/db/client";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { assertMayChangeConfiguration } from "../access";
import { toServiceConfigDto } from "../queries";
import { SECRET_PLACEHOLDER, type ServiceConfigDto, serviceConfigRuleFailures, ZServiceConfigPatch } from "../schemas";
import { getServiceConfig, patchServiceConfig, type ServiceConfig } from "../service-config";
import { forgetUploadLimits } from "../upload-limits";

/**
 * PUT v3/config/service: the fields sent change, the rest stays (spec operations §5 "Service config").
 * A secret sent as its placeholder stays unchanged; an empty one clears it.
 */
export async function updateServiceConfig(db: Database, opts: { caller: Caller; input: unknown }): Promise<ServiceConfigDto> {
  assertMayChangeConfiguration(opts.caller);
  // every rule of spec operations §5 at once: the fields' own and those across fields (on what would be stored)
  const parsed = ZServiceConfigPatch.safeParse(opts.input, { reportInput: true });
  const errors: ErrorEntry[] = parsed.success ? [] : fromZodError(parsed.error).entries;
  const sent = (parsed.success ? parsed.data : {}) as Partial<ServiceConfigDto>;
  const stored = await getServiceConfig(db);
  const raw = opts.input && typeof opts.input === "object" ? (opts.input as Record<string, unknown>) : {};
  const merged = { ...stored };
  for (const key of ["isEmailConfirmationActive", "eMailHost", "fileLoggingFile", "log4NetFile"] as const) {
    const value = parsed.success ? sent[key] : raw[key];
    if (value !== undefined && typeof value === typeof stored[key]) Object.assign(merged, { [key]: value });
  }
  for (const failure of serviceConfigRuleFailures(merged)) if (!errors.some((e) => e.code === failure.code)) errors.push(failure);
  if (errors.length || !parsed.success) throw AppError.many(errors);
  const { ccsApiKey, eMailPassword, ...plain } = parsed.data;

  const patch: Partial<ServiceConfig> = { ...plain };
  if (ccsApiKey !== undefined && ccsApiKey !== SECRET_PLACEHOLDER)
    patch.ccsApiKeySealed = ccsApiKey ? sealSecret(ccsApiKey) : null;
  if (eMailPassword !== undefined && eMailPassword !== SECRET_PLACEHOLDER) {
    patch.eMailPasswordSealed = eMailPassword ? sealSecret(eMailPassword) : null;
  }
  await db.transaction(async (tx) => {
    await patchServiceConfig(tx, patch);
    await writeAudit(tx, opts.caller, {
      category: "ServiceConfiguration",
      operation: "Update",
      systemId: opts.caller.systemId,
      value: {
        ...plain,
        ...(ccsApiKey !== undefined ? { ccsApiKey: "changed" } : {}),
        ...(eMailPassword !== undefined ? { eMailPassword: "changed" } : {}),
      },
    });
  });
  forgetUploadLimits();
  return toServiceConfigDto(await getServiceConfig(db));
}

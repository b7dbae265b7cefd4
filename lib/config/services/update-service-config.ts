import type { Database } from "@/db/client";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { sealSecret } from "@/lib/crypto/secrets";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { parseInput } from "@/lib/errors/envelope";
import { assertManagesConfiguration } from "../access";
import { toServiceConfigDto } from "../queries";
import { SECRET_PLACEHOLDER, type ServiceConfigDto, ZServiceConfigPatch } from "../schemas";
import { getServiceConfig, getServiceInfo, patchServiceConfig, type ServiceConfig } from "../service-config";
import { forgetUploadLimits } from "../upload-limits";

/**
 * PUT v3/config/service: the fields sent change, the rest stays (spec operations §5 "Service config").
 * A secret sent as its placeholder stays unchanged; an empty one clears it.
 */
export async function updateServiceConfig(db: Database, opts: { caller: Caller; input: unknown }): Promise<ServiceConfigDto> {
  assertManagesConfiguration(opts.caller);
  if ((await getServiceInfo(db)).isConfigurationExportDisabled) throw new AppError("AccessDenied");
  const { ccsApiKey, eMailPassword, ...plain } = parseInput(ZServiceConfigPatch, opts.input);
  const merged = { ...(await getServiceConfig(db)), ...plain };
  const errors: ErrorEntry[] = [];
  if (merged.isEmailConfirmationActive && !merged.eMailHost.trim()) errors.push({ code: "configuration_error_missingEMailHost" });
  if (merged.fileLoggingEnabled && !merged.fileLoggingFile.trim() && !merged.log4NetFile.trim()) {
    errors.push({ code: "configuration_error_missingLogFile" });
  }
  if (errors.length) throw AppError.many(errors);

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

import type { Database } from "@/db/client";
import { writeAudit } from "@/lib/audit/service";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { sealSecret } from "@/lib/crypto/secrets";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { SECRET_PLACEHOLDER, type ServiceConfigDto, ZServiceConfigPatch } from "./schemas";
import { getServiceConfig, getServiceInfo, patchServiceConfig, type ServiceConfig } from "./service-config";
import { forgetUploadLimits } from "./upload-limits";

function toDto(config: ServiceConfig): ServiceConfigDto {
  const { ccsApiKeySealed, eMailPasswordSealed, ...rest } = config;
  return {
    ...rest,
    ccsApiKey: ccsApiKeySealed ? SECRET_PLACEHOLDER : "",
    eMailPassword: eMailPasswordSealed ? SECRET_PLACEHOLDER : "",
  };
}

function assertManages(caller: Caller): void {
  if (!hasPermission(caller.roles, "ManageConfiguration")) throw new AppError("AccessDenied");
}

/** GET v3/config/service (ManageConfiguration): the effective configuration, secrets as placeholders. */
export async function readServiceConfig(db: Database, caller: Caller): Promise<ServiceConfigDto> {
  assertManages(caller);
  return toDto(await getServiceConfig(db));
}

/**
 * PUT v3/config/service: the fields sent change, the rest stays (spec operations §5 "Service config").
 * A secret sent as its placeholder stays unchanged; an empty one clears it.
 */
export async function updateServiceConfig(db: Database, opts: { caller: Caller; input: unknown }): Promise<ServiceConfigDto> {
  assertManages(opts.caller);
  if ((await getServiceInfo(db)).isConfigurationExportDisabled) throw new AppError("AccessDenied");
  const parsed = ZServiceConfigPatch.safeParse(opts.input);
  if (!parsed.success) throw fromZodError(parsed.error);
  const { ccsApiKey, eMailPassword, ...plain } = parsed.data;
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
  return toDto(await getServiceConfig(db));
}

import type { Database } from "@/db/client";
import { fieldChanges } from "@/lib/audit/changes";
import { writeAudit } from "@/lib/audit/services/write-audit";
import type { Caller } from "@/lib/auth/caller";
import { secretUpdate } from "@/lib/crypto/secrets";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { fromZodError } from "@/lib/errors/envelope";
import { syncLogFile } from "@/lib/settings/live";
import {
  FIXED_SERVICE_SETTINGS,
  type ServiceConfigDto,
  serviceConfigRuleFailures,
  ZServiceConfigPatch,
} from "@/lib/settings/schemas";
import { getServiceConfig, patchServiceConfig, type ServiceConfig } from "@/lib/settings/store";
import { forgetUploadLimits } from "@/lib/settings/upload-limits";
import { assertMayChangeConfiguration } from "../access";
import { fixedServiceSettings, toServiceConfigDto } from "../queries";

/**
 * PUT v3/config/service: the fields sent change, the rest stays (spec operations §5 "Service config").
 * A secret sent as its placeholder (or as the value it has) stays unchanged; an empty one clears it. A fixed setting
 * (FIXED_SERVICE_SETTINGS) may be sent only as GET shows it (400 configuration_error_settingFixed); it is never stored.
 * File logging acts at once. The audit row holds what changed: each plain setting's before and after, a secret as
 * "changed" or "cleared" only when it did; a save that changes nothing writes nothing.
 */
export async function updateServiceConfig(db: Database, opts: { caller: Caller; input: unknown }): Promise<ServiceConfigDto> {
  assertMayChangeConfiguration(opts.caller);
  // every rule of spec operations §5 at once: the fields' own and those across fields (on what would be stored)
  const parsed = ZServiceConfigPatch.safeParse(opts.input, { reportInput: true });
  const errors: ErrorEntry[] = parsed.success ? [] : fromZodError(parsed.error).entries;
  const sent = (parsed.success ? parsed.data : {}) as Partial<ServiceConfigDto>;
  const fixed = fixedServiceSettings();
  for (const key of FIXED_SERVICE_SETTINGS) {
    if (sent[key] !== undefined && sent[key] !== fixed[key])
      errors.push({ code: "configuration_error_settingFixed", params: { field: key } });
  }
  const stored = await getServiceConfig(db);
  const raw = opts.input && typeof opts.input === "object" ? (opts.input as Record<string, unknown>) : {};
  const merged = { ...stored, ...fixed };
  for (const key of ["isEmailConfirmationActive", "eMailHost", "fileLoggingFile"] as const) {
    const value = parsed.success ? sent[key] : raw[key];
    if (value !== undefined && typeof value === typeof stored[key]) Object.assign(merged, { [key]: value });
  }
  for (const failure of serviceConfigRuleFailures(merged)) if (!errors.some((e) => e.code === failure.code)) errors.push(failure);
  if (errors.length || !parsed.success) throw AppError.many(errors);
  const { ccsApiKey, eMailPassword, maxSyncWorkerCount, workingDirectory, systemsDirectory, log4NetFile, ...plain } = parsed.data;

  const apiKey = secretUpdate(ccsApiKey, stored.ccsApiKeySealed);
  const password = secretUpdate(eMailPassword, stored.eMailPasswordSealed);
  const changes = fieldChanges(stored, plain);
  const patch: Partial<ServiceConfig> = Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.after]));
  const secrets: Record<string, string> = {};
  if (!apiKey.keep) {
    patch.ccsApiKeySealed = apiKey.sealed;
    secrets.ccsApiKey = apiKey.audit;
  }
  if (!password.keep) {
    patch.eMailPasswordSealed = password.sealed;
    secrets.eMailPassword = password.audit;
  }
  if (Object.keys(patch).length === 0) return toServiceConfigDto(stored);
  await db.transaction(async (tx) => {
    await patchServiceConfig(tx, patch);
    await writeAudit(tx, opts.caller, {
      category: "ServiceConfiguration",
      operation: "Update",
      systemId: opts.caller.systemId,
      value: { ...changes, ...secrets },
    });
  });
  forgetUploadLimits();
  await syncLogFile(db);
  return toServiceConfigDto(await getServiceConfig(db));
}

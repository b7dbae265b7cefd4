import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";

/** spec operations §6: reading and changing the service configuration needs ManageConfiguration. */
export function assertManagesConfiguration(caller: Caller): void {
  if (!hasPermission(caller.roles, "ManageConfiguration")) throw new AppError("AccessDenied");
}

/** DESIGN.md "Configuration": CONFIGURATION_EXPORT_DISABLED=true makes the configuration read-only. */
export function isConfigurationExportDisabled(): boolean {
  return process.env.CONFIGURATION_EXPORT_DISABLED === "true";
}

/** Changing any configuration: ManageConfiguration, and not while export is disabled (403 ConfigurationExportDisabled). */
export function assertMayChangeConfiguration(caller: Caller): void {
  assertManagesConfiguration(caller);
  if (isConfigurationExportDisabled()) throw new AppError("ConfigurationExportDisabled");
}

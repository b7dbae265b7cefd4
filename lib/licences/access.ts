import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";

/** spec foundation §6: ManageAdminLicence allows add, delete, edit and refresh; otherwise read-only. */
export function assertManagesLicences(caller: Caller): void {
  if (!hasPermission(caller.roles, "ManageAdminLicence")) throw new AppError("AccessDenied");
}

/** Reading licences: licence administrators, and system managers who choose a licence for a system. */
export function canReadLicences(caller: Caller): boolean {
  return hasPermission(caller.roles, "ManageAdminLicence") || hasPermission(caller.roles, "ManageSystems");
}

/** Listing licences: refused (AccessDenied) to whoever may not read them. */
export function assertCanReadLicences(caller: Caller): void {
  if (!canReadLicences(caller)) throw new AppError("AccessDenied");
}

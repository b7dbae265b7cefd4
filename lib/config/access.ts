import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";

/** spec operations §6: reading and changing the service configuration needs ManageConfiguration. */
export function assertManagesConfiguration(caller: Caller): void {
  if (!hasPermission(caller.roles, "ManageConfiguration")) throw new AppError("AccessDenied");
}

import { AppError } from "@/lib/errors/app-error";
import type { Caller } from "./caller";
import { isDeputyFor } from "./permissions";

type SystemRef = { id: string; name: string };

/** Whether the caller works in the system: its own, or a tenant it administers as deputy. */
export function worksIn(caller: Caller, system: SystemRef): boolean {
  return caller.systemId === system.id || isDeputyFor(caller, system.name);
}

/**
 * The refusal for a caller that may not do this to something of `system` (issue 10): within the caller's own
 * system a missing permission is 403 AccessDenied (spec `general_error_accessDenied`); in a foreign system it is the
 * thing's own not-found answer, exactly as if it did not exist, so that tenants cannot probe for each other.
 */
export function refusal(caller: Caller, system: SystemRef, notFound: AppError): AppError {
  return worksIn(caller, system) ? new AppError("AccessDenied") : notFound;
}

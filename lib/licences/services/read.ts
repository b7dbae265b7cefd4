import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission, isSupersystemName } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { getLicence } from "../queries";
import type { LicenceDto } from "../schemas";
import { canReadLicences } from "./access";

/**
 * A licence for the caller: licence readers see any; a system's administrators see the one it uses. Refused, the
 * licence of the caller's own system (and, in the Supersystem, whose portal administers licences, any licence) is
 * 403; any other is 404 as if it did not exist, so that a tenant cannot probe for licence ids (lib/auth/access.ts).
 */
export async function readLicence(db: Database, caller: Caller, id: string): Promise<LicenceDto> {
  const licence = await getLicence(db, { id });
  if (licence && canReadLicences(caller)) return licence;
  const [own] = await db.select({ licenceId: systems.licenceId }).from(systems).where(eq(systems.id, caller.systemId));
  const ownLicence = own?.licenceId === id;
  if (licence && ownLicence && hasPermission(caller.roles, "ManageSystemConfig")) return licence;
  if (licence && (ownLicence || isSupersystemName(caller.systemName))) throw new AppError("AccessDenied");
  throw new AppError("LicenceNotFound", { id });
}

export function assertCanReadLicences(caller: Caller): void {
  if (!canReadLicences(caller)) throw new AppError("AccessDenied");
}

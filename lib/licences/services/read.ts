import { eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { systems } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { hasPermission } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { getLicence } from "../queries";
import type { LicenceDto } from "../schemas";
import { canReadLicences } from "./access";

/** A licence for the caller: licence readers see any; a system's administrators see the one it uses. */
export async function readLicence(db: Database, caller: Caller, id: string): Promise<LicenceDto> {
  let allowed = canReadLicences(caller);
  if (!allowed && hasPermission(caller.roles, "ManageSystemConfig")) {
    const [own] = await db.select({ licenceId: systems.licenceId }).from(systems).where(eq(systems.id, caller.systemId));
    allowed = own?.licenceId === id;
  }
  const licence = allowed ? await getLicence(db, { id }) : undefined;
  if (!licence) throw new AppError("LicenceNotFound", { id });
  return licence;
}

export function assertCanReadLicences(caller: Caller): void {
  if (!canReadLicences(caller)) throw new AppError("AccessDenied");
}

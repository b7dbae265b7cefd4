import { forbidden, notFound, redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db";
import { actingIn, type Caller } from "./caller";
import { canUseAdminPortal, canUseSystemPortal, hasPermission, isSupersystemName, type Permission } from "./permissions";
import { findSystem } from "./tenancy";
import { currentCaller } from "./web-session";

/**
 * The system of a portal page, read once per request: the portal's layout and its page both ask (React's cache lasts
 * one server render; elsewhere it does not cache).
 */
const systemNamed = cache(async (name: string) => findSystem(await getDb(), { name }));

/**
 * Page-level checks (the route guard in proxy.ts only sends to the sign-in): signed in, password changed, portal and
 * permission; against the database, so a revoked session ends here. What the caller may not open is answered inside a
 * portal's shell, with the URL kept (docs/decisions.md "Not found inside a portal", "Access denied inside a portal"):
 * forbidden() for a page of a portal the caller may not use or a permission the caller lacks (the portal's
 * forbidden.tsx), notFound() for another tenant's system, whose existence is none of the caller's business.
 */
export async function requireAdminPage(permission?: Permission): Promise<Caller> {
  const caller = await currentCaller();
  if (!caller) redirect("/admin/login");
  if (caller.requiresPasswordChange) redirect("/changePassword");
  // a tenant's user sees access denied inside its own system's portal (adminPortalShell)
  if (!canUseAdminPortal(caller)) forbidden();
  if (permission && !hasPermission(caller.roles, permission)) forbidden();
  return caller;
}

export async function requireSystemPage(
  systemParam: string,
  permission?: Permission,
): Promise<{ caller: Caller; system: { id: string; name: string; type: string } }> {
  const systemName = decodeURIComponent(systemParam);
  const caller = await currentCaller();
  if (!caller) redirect(`/login?system=${encodeURIComponent(systemName)}`);
  if (caller.requiresPasswordChange) redirect("/changePassword");
  // another tenant's page is not found, in the caller's own portal (systemPortalShell): neither a silent move to the
  // own dashboard nor a word on whether that system exists
  if (!canUseSystemPortal(caller, systemName)) notFound();
  const system = await systemNamed(systemName);
  if (!system) notFound();
  if (permission && !hasPermission(caller.roles, permission)) forbidden();
  return { caller: actingIn(caller, system), system };
}

export type PortalOfShell = { caller: Caller; portal: "admin" | "system"; systemName?: string };

/** The caller's own portal: the admin portal for a Supersystem user with an admin role, else the own system's. */
function ownPortal(caller: Caller): PortalOfShell {
  return canUseAdminPortal(caller) ? { caller, portal: "admin" } : { caller, portal: "system", systemName: caller.systemName };
}

/**
 * The shell the admin portal's layout renders: the admin portal, or, for a tenant's user, that user's own system
 * portal, inside which the page says access denied (requireAdminPage). A Supersystem user without an admin role has no
 * portal to show it in: /forbidden.
 */
export async function adminPortalShell(): Promise<PortalOfShell> {
  const caller = await currentCaller();
  if (caller && !caller.requiresPasswordChange && !canUseAdminPortal(caller)) {
    if (isSupersystemName(caller.systemName)) redirect("/forbidden");
    return ownPortal(caller);
  }
  return { caller: await requireAdminPage(), portal: "admin" };
}

/** Whether a system's portal is there for the caller: its own system or a deputy's, and one that exists. */
export async function opensSystemPortal(caller: Caller, systemName: string): Promise<boolean> {
  return canUseSystemPortal(caller, systemName) && !!(await systemNamed(systemName));
}

/**
 * The shell a system portal's layout renders: that system's, or, when it is not there for the signed-in caller
 * (another tenant's URL, a Supersystem user without the deputy's right, a system that does not exist), the caller's
 * own portal, inside which the page is not found (requireSystemPage).
 */
export async function systemPortalShell(systemParam: string): Promise<PortalOfShell> {
  const caller = await currentCaller();
  if (caller && !caller.requiresPasswordChange && !(await opensSystemPortal(caller, decodeURIComponent(systemParam)))) {
    return ownPortal(caller);
  }
  const { caller: acting, system } = await requireSystemPage(systemParam);
  return { caller: acting, portal: "system", systemName: system.name };
}

/** Where a signed-in user belongs (spec foundation §2 "Login"). */
export function homeOf(caller: Pick<Caller, "systemName" | "requiresPasswordChange">): string {
  if (caller.requiresPasswordChange) return "/changePassword";
  if (isSupersystemName(caller.systemName)) return "/admin/dashboard";
  return `/system/${encodeURIComponent(caller.systemName)}/dashboard`;
}

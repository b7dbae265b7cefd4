import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/setup/bootstrap";
import { findSystemByName } from "@/lib/systems/queries";
import { actingIn, type Caller } from "./caller";
import { canUseAdminPortal, canUseSystemPortal, hasPermission, isSupersystemName, type Permission } from "./permissions";
import { currentCaller } from "./web-session";

/**
 * The system of a portal page, read once per request: the portal's layout and its page both ask (React's cache lasts
 * one server render; elsewhere it does not cache).
 */
const systemNamed = cache(async (name: string) => findSystemByName(await getDb(), { name }));

/**
 * Page-level checks (the route guard in proxy.ts only redirects early): signed in, password changed,
 * portal and permission; against the database, so a revoked session ends here.
 */
export async function requireAdminPage(permission?: Permission): Promise<Caller> {
  const caller = await currentCaller();
  if (!caller) redirect("/admin/login");
  if (caller.requiresPasswordChange) redirect("/changePassword");
  if (!canUseAdminPortal(caller)) redirect("/forbidden");
  if (permission && !hasPermission(caller.roles, permission)) redirect("/forbidden");
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
  if (!canUseSystemPortal(caller, systemName)) redirect("/");
  const system = await systemNamed(systemName);
  if (!system) notFound();
  if (permission && !hasPermission(caller.roles, permission)) redirect("/forbidden");
  return { caller: actingIn(caller, system), system };
}

/** Where a signed-in user belongs (spec foundation §2 "Login"). */
export function homeOf(caller: Pick<Caller, "systemName" | "requiresPasswordChange">): string {
  if (caller.requiresPasswordChange) return "/changePassword";
  if (isSupersystemName(caller.systemName)) return "/admin/dashboard";
  return `/system/${encodeURIComponent(caller.systemName)}/dashboard`;
}

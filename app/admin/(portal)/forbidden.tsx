import { PortalForbidden } from "@/components/portal/portal-forbidden";
import { homeOf } from "@/lib/auth/guard";
import { currentCaller } from "@/lib/auth/web-session";

/**
 * A page of the admin portal the caller may not open (a permission it lacks; a tenant's user, whose own system's shell
 * the layout drew): access denied in the shell, with the way to the caller's own dashboard.
 */
export default async function AdminPortalForbidden() {
  const caller = await currentCaller();
  return <PortalForbidden dashboardHref={caller ? homeOf(caller) : "/admin/dashboard"} />;
}

import { type NextRequest, NextResponse } from "next/server";
import { getToken } from "next-auth/jwt";
import { decodeSegments } from "@/lib/api/paths";
import { canUseAdminPortal, isSupersystemName } from "@/lib/auth/permissions";
import { SESSION_COOKIE, type SessionClaims, sessionSecret } from "@/lib/auth/session-cookie";

/**
 * Route guard for the UI (spec foundation §2 "Route layout", §6): the sign-in and the required password change.
 * Whatever a signed-in caller may not open is left to the page (lib/auth/guard.ts), which answers inside a portal's
 * shell with the URL kept: another tenant's system is not found, a page without the permission (the admin portal for
 * a tenant's user too) is access denied (docs/decisions.md "Access denied inside a portal"). Every page, action and
 * route handler checks through lib/auth/permissions.ts against the database.
 */
export async function proxy(req: NextRequest) {
  const { pathname, search } = req.nextUrl;
  const to = (path: string) => NextResponse.redirect(new URL(path, req.url));

  // a path that cannot be decoded is not a page: next.config.ts rewrites it to the not-found page
  if (!decodeSegments(pathname)) return NextResponse.next();
  if (pathname === "/") return to("/login");
  if (pathname === "/admin") return to("/admin/login");

  const claims = (await getToken({ req, secret: sessionSecret(), cookieName: SESSION_COOKIE })) as Partial<SessionClaims> | null;
  const signedIn = !!claims?.sid && !!claims.system;
  const principal = { systemName: claims?.system ?? "", roles: claims?.roles ?? [] };
  const back = encodeURIComponent(pathname + search);

  if (pathname === "/changePassword") return signedIn ? NextResponse.next() : to("/login");

  const admin = /^\/admin\/([^/]+)/.exec(pathname);
  if (admin && admin[1] !== "login") {
    if (!signedIn) return to(`/admin/login?callbackUrl=${back}`);
    if (claims?.pwc) return to("/changePassword");
    // a Supersystem user without an admin role has no portal to show access denied in
    if (isSupersystemName(principal.systemName) && !canUseAdminPortal(principal)) return to("/forbidden");
    return NextResponse.next();
  }

  // a system's portal, or the learn portal of one of its learn projects (spec operations §2)
  const systemSegment = (/^\/learn\/([^/]+)\/project(?:\/|$)/.exec(pathname) ?? /^\/system\/([^/]+)/.exec(pathname))?.[1];
  if (systemSegment) {
    const systemName = decodeURIComponent(systemSegment);
    if (!signedIn) {
      return isSupersystemName(systemName)
        ? to(`/admin/login?callbackUrl=${back}`)
        : to(`/login?system=${encodeURIComponent(systemName)}&callbackUrl=${back}`);
    }
    if (claims?.pwc) return to("/changePassword");
  }
  return NextResponse.next();
}

export const config = {
  // not /api: every REST module answers its own 405 (lib/api/method-not-allowed.ts), and a proxy pass costs about
  // as much as a cheap API call; of /learn only the learn portal's pages (/learn/api/v1 is REST)
  matcher: ["/", "/admin", "/admin/:path*", "/system/:path*", "/learn/:system/project/:path*", "/changePassword"],
};

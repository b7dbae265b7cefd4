import { type NextRequest, NextResponse } from "next/server";
import { getToken } from "next-auth/jwt";
import { decodeSegments } from "@/lib/api/paths";
import { pagePermission } from "@/lib/auth/navigation";
import { canUseAdminPortal, canUseSystemPortal, hasPermission, isSupersystemName } from "@/lib/auth/permissions";
import { SESSION_COOKIE, type SessionClaims, sessionSecret } from "@/lib/auth/session-cookie";

/**
 * Route guard for the UI (spec foundation §2 "Route layout", §6). Convenience only: every page,
 * action and route handler checks again through lib/auth/permissions.ts against the database.
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
    if (!canUseAdminPortal(principal)) return to(isSupersystemName(principal.systemName) ? "/forbidden" : "/");
    const permission = pagePermission("admin", admin[1]);
    if (permission && !hasPermission(principal.roles, permission)) return to("/forbidden");
    return NextResponse.next();
  }

  // the learn portal of a system's learn project (spec operations §2): its system's users who manage projects
  const learn = /^\/learn\/([^/]+)\/project(?:\/|$)/.exec(pathname);
  const system = learn ? null : /^\/system\/([^/]+)(?:\/([^/]+))?/.exec(pathname);
  const systemSegment = learn?.[1] ?? system?.[1];
  if (systemSegment) {
    const systemName = decodeURIComponent(systemSegment);
    if (!signedIn) {
      return isSupersystemName(systemName)
        ? to(`/admin/login?callbackUrl=${back}`)
        : to(`/login?system=${encodeURIComponent(systemName)}&callbackUrl=${back}`);
    }
    if (claims?.pwc) return to("/changePassword");
    if (!canUseSystemPortal(principal, systemName)) return to("/");
    const permission = learn ? "ManageProjects" : pagePermission("system", system?.[2]);
    if (permission && !hasPermission(principal.roles, permission)) return to("/forbidden");
  }
  return NextResponse.next();
}

export const config = {
  // not /api: every REST module answers its own 405 (lib/api/method-not-allowed.ts), and a proxy pass costs about
  // as much as a cheap API call; of /learn only the learn portal's pages (/learn/api/v1 is REST)
  matcher: ["/", "/admin", "/admin/:path*", "/system/:path*", "/learn/:system/project/:path*", "/changePassword"],
};

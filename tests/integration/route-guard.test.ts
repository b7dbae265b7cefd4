import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE, type SessionClaims, sessionSecret } from "@/lib/auth/session-cookie";
import { proxy } from "@/proxy";

async function visit(path: string, claims?: Partial<SessionClaims>) {
  const headers = new Headers();
  if (claims) {
    const token = await encode({
      token: { sid: "00000000-0000-4000-8000-000000000001", uid: "u", name: "n", pwc: false, ...claims },
      secret: sessionSecret(),
    });
    headers.set("cookie", `${SESSION_COOKIE}=${token}`);
  }
  const res = await proxy(new NextRequest(new URL(path, "http://localhost"), { headers }));
  const location = res.headers.get("location");
  return location ? new URL(location).pathname + new URL(location).search : "next";
}

const admin = { system: "Supersystem", roles: ["SuperAdmin", "Everybody"] };
const reporter = { system: "Supersystem", roles: ["ReportAdmin", "Everybody"] };
const systemsAdmin = { system: "Supersystem", roles: ["SystemsAdmin", "Everybody"] };
const acmeAdmin = { system: "Acme", roles: ["Administrator", "Everybody"] };
const acmeMonitor = { system: "Acme", roles: ["MonitorUser", "Everybody"] };

describe("route guard (spec foundation §2 Route layout, §6)", () => {
  it("/ and /admin go to their logins", async () => {
    expect(await visit("/")).toBe("/login");
    expect(await visit("/admin")).toBe("/admin/login");
  });

  it("unauthenticated: the admin login for the admin portal and the Supersystem, else the system login with ?system=", async () => {
    expect(await visit("/admin/users")).toBe("/admin/login?callbackUrl=%2Fadmin%2Fusers");
    expect(await visit("/system/Supersystem/dashboard")).toMatch(/^\/admin\/login\?/);
    expect(await visit("/system/Acme/jobmonitor")).toBe("/login?system=Acme&callbackUrl=%2Fsystem%2FAcme%2Fjobmonitor");
    expect(await visit("/changePassword")).toBe("/login");
  });

  it("a role without the permission is left to its page (access denied inside the portal's shell), never a move", async () => {
    // the page calls forbidden() and the portal's forbidden.tsx answers in the shell, the URL kept (lib/auth/guard.ts)
    expect(await visit("/admin/dashboard", reporter)).toBe("next");
    expect(await visit("/admin/statistics", reporter)).toBe("next");
    expect(await visit("/admin/users", reporter)).toBe("next");
    expect(await visit("/admin/users", admin)).toBe("next");
    expect(await visit("/system/Acme/users", acmeMonitor)).toBe("next");
    expect(await visit("/system/Acme/users", acmeAdmin)).toBe("next");
    expect(await visit("/system/Acme/account", acmeMonitor)).toBe("next");
  });

  it("another system's portal is left to its page (not found in the caller's own portal), never a move to /", async () => {
    // the layout shows the caller's own shell and the page is not found in it (app/system/[system]/layout.tsx)
    expect(await visit("/system/Other/dashboard", acmeAdmin)).toBe("next");
    expect(await visit("/system/Other/users", acmeMonitor)).toBe("next");
    expect(await visit("/system/acme/dashboard", acmeAdmin)).toBe("next");
    expect(await visit("/system/Acme/users", systemsAdmin)).toBe("next");
    expect(await visit("/system/Acme/users", reporter)).toBe("next");
  });

  it("the admin portal for a tenant's user is left to its page (access denied inside the own system's portal)", async () => {
    // app/admin/(portal)/layout.tsx draws the tenant's own shell, the page calls forbidden(); it went to / before
    expect(await visit("/admin/dashboard", acmeAdmin)).toBe("next");
    expect(await visit("/admin/users/add", acmeMonitor)).toBe("next");
    expect(await visit("/admin/login", acmeAdmin)).toBe("next");
    // a Supersystem user without an admin role has no portal to show it in: the access-denied page
    expect(await visit("/admin/dashboard", { system: "Supersystem", roles: ["Everybody"] })).toBe("/forbidden");
  });

  it("the learn portal: the sign-in and the password change; another system or no ManageProjects is left to the page", async () => {
    const acmeProjects = { system: "Acme", roles: ["ProjectManager", "Everybody"] };
    const page = "/learn/Acme/project/6a0b7b8e-0000-4000-8000-000000000000";
    expect(await visit(page)).toBe(`/login?system=Acme&callbackUrl=${encodeURIComponent(page)}`);
    expect(await visit(page.replace("Acme", "Supersystem"))).toMatch(/^\/admin\/login\?callbackUrl=/);
    expect(await visit(`${page}/cluster/x`, acmeProjects)).toBe("next");
    expect(await visit(page, acmeAdmin)).toBe("next");
    // access denied inside Acme's portal (lib/learn/portal.ts learnPortalLayout); it went to /forbidden before
    expect(await visit(page, acmeMonitor)).toBe("next");
    // not found inside the caller's own portal; it went to / before
    expect(await visit(page.replace("Acme", "Other"), acmeProjects)).toBe("next");
    expect(await visit(page, systemsAdmin)).toBe("next");
    expect(await visit(page, { ...acmeProjects, pwc: true })).toBe("/changePassword");
    expect(await visit("/learn/api/v1/config")).toBe("next");
  });

  it("a required password change comes first", async () => {
    expect(await visit("/admin/dashboard", { ...admin, pwc: true })).toBe("/changePassword");
    expect(await visit("/system/Acme/dashboard", { ...acmeAdmin, pwc: true })).toBe("/changePassword");
  });

  it("a forged cookie counts as signed out", async () => {
    const res = await proxy(
      new NextRequest("http://localhost/admin/dashboard", { headers: { cookie: `${SESSION_COOKIE}=forged.token.value` } }),
    );
    expect(res.headers.get("location")).toContain("/admin/login");
  });
});

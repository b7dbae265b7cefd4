import { CircleHelpIcon, UserIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { DeputyBanner, LogoutButton } from "@/components/shell/header-parts";
import { Button } from "@/components/ui/button";
import { TruncatedText } from "@/components/ui/truncated-text";
import type { Caller } from "@/lib/auth/caller";
import { ADMIN_NAV, SYSTEM_NAV } from "@/lib/auth/navigation";
import { hasPermission } from "@/lib/auth/permissions";
import type { FeatureFlags } from "@/lib/settings/schemas";
import type { ServiceInfo } from "@/lib/settings/store";
import { MaintenanceBanner } from "./maintenance-banner";
import { ShellHeader, ShellMain } from "./shell-header";
import { Sidebar, type SidebarItem } from "./sidebar";
import { ThemeToggle } from "./theme";

type Props = {
  caller: Caller;
  portal: "admin" | "system";
  systemName?: string;
  /** read by the layout: the maintenance warning and the worker menu entry depend on it */
  info: ServiceInfo;
  /** read by the layout: a switched-off feature has no menu entry */
  flags: FeatureFlags;
  children: ReactNode;
};

export function portalBase(portal: "admin" | "system", systemName?: string): string {
  return portal === "admin" ? "/admin" : `/system/${encodeURIComponent(systemName ?? "")}`;
}

/** spec foundation §1: header, deputy banner, sidebar; spec §2 "Sidebar". */
export async function PortalShell({ caller, portal, systemName, info, flags, children }: Props) {
  const [t, tn] = await Promise.all([getTranslations("header"), getTranslations("nav")]);
  const base = portalBase(portal, systemName);
  const nav = portal === "admin" ? ADMIN_NAV : SYSTEM_NAV;
  const items: SidebarItem[] = nav
    .filter((e) => hasPermission(caller.roles, e.permission))
    // spec operations §2: the worker menu entry also requires that configuration export is not disabled
    .filter((e) => !(e.key === "worker" && info.isConfigurationExportDisabled))
    .filter((e) => !(e.key === "downloads" && !flags.Download))
    .map((e) => ({ href: `${base}/${e.segment}`, label: tn(e.key) }));
  if (flags.OpenApi) items.push({ href: "/apidocs", label: tn("apiReference") });

  return (
    <div className="flex min-h-screen flex-col">
      <ShellHeader home={`${base}/dashboard`}>
        {/* a system name of up to 100 characters is cut, with the whole name in its tooltip */}
        <span className="min-w-0 max-w-[min(40ch,60vw)] text-sm text-muted-foreground" data-testid="portal-label">
          <TruncatedText text={portal === "admin" ? t("administration") : t("system", { name: systemName ?? "" })} />
        </span>
        <MaintenanceBanner initial={info.isMaintenanceModeEnabled} />
        <div className="ml-auto flex items-center gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link
              href={`${base}/account`}
              aria-label={t("account", { name: caller.userName })}
              title={caller.userName}
              data-testid="account-link"
            >
              <UserIcon />
              <span className="max-w-[16ch] truncate">{caller.userName}</span>
            </Link>
          </Button>
          <Button asChild variant="ghost" size="icon">
            <Link href={`${base}/about`} aria-label={t("about")}>
              <CircleHelpIcon />
            </Link>
          </Button>
          <ThemeToggle />
          <LogoutButton label={t("logout")} />
        </div>
      </ShellHeader>
      {caller.deputyFor && <DeputyBanner text={t("deputy")} />}
      <div className="flex flex-1 flex-col md:flex-row">
        <aside className="border-b bg-sidebar md:w-56 md:shrink-0 md:border-b-0 md:border-r">
          <Sidebar items={items} label={tn("navigation")} />
        </aside>
        <ShellMain>{children}</ShellMain>
      </div>
    </div>
  );
}

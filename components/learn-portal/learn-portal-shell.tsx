import { ArrowLeftIcon, UserIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { DeputyBanner, LogoutButton } from "@/components/shell/header-parts";
import { MaintenanceBanner } from "@/components/shell/maintenance-banner";
import { ShellHeader, ShellMain } from "@/components/shell/shell-header";
import { ThemeToggle } from "@/components/shell/theme";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TruncatedText } from "@/components/ui/truncated-text";
import type { Caller } from "@/lib/auth/caller";
import type { LearnProjectDto } from "@/lib/learn/schemas";
import type { ServiceInfo } from "@/lib/settings/store";
import { learnPortalHref } from "../learn/links";

type Props = {
  caller: Caller;
  systemName: string;
  /** null: no such learn project in the system (the page inside says not found) */
  project: LearnProjectDto | null;
  info: ServiceInfo;
  children: ReactNode;
};

/**
 * The learn portal's frame (spec operations §2: opened in a new tab from the learn projects list): the header of the
 * portals, compact, with the project and its system, the way back to the system portal's learn projects, the account
 * (its language), the theme and sign-out; no sidebar.
 */
export async function LearnPortalShell({ caller, systemName, project, info, children }: Props) {
  const [t, th] = await Promise.all([getTranslations("learnPortal"), getTranslations("header")]);
  const systemBase = `/system/${encodeURIComponent(systemName)}`;
  return (
    <div className="flex min-h-screen flex-col">
      <ShellHeader home={project ? learnPortalHref(systemName, project.id) : `${systemBase}/learnProjects`}>
        <span className="flex min-w-0 max-w-[min(60ch,70vw)] items-center gap-2 text-sm" data-testid="learn-portal-label">
          <span className="text-muted-foreground">{t("portal")}</span>
          {project && <TruncatedText text={project.name} className="font-medium" />}
          <span className="text-muted-foreground">·</span>
          <TruncatedText text={th("system", { name: systemName })} className="text-muted-foreground" />
          {project?.deletedAt && <Badge variant="destructive">{t("deleted")}</Badge>}
        </span>
        <MaintenanceBanner initial={info.isMaintenanceModeEnabled} />
        <div className="ml-auto flex items-center gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link href={`${systemBase}/learnProjects`} data-testid="back-to-learn-projects">
              <ArrowLeftIcon />
              {t("backToLearnProjects")}
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link
              href={`${systemBase}/account`}
              aria-label={th("account", { name: caller.userName })}
              title={caller.userName}
              data-testid="account-link"
            >
              <UserIcon />
              <span className="max-w-[16ch] truncate">{caller.userName}</span>
            </Link>
          </Button>
          <ThemeToggle />
          <LogoutButton label={th("logout")} />
        </div>
      </ShellHeader>
      {caller.deputyFor && <DeputyBanner text={th("deputy")} />}
      <ShellMain>{children}</ShellMain>
    </div>
  );
}

import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { cn } from "@/lib/utils";

export type SystemConfigSection = "general" | "webhooks";

/**
 * The sections of the system portal's configuration (one menu entry, "System configuration"): its general settings and
 * the webhooks (issue 26 §1), as tabs under the page's heading. Each tab is a page of its own (a link with
 * aria-current, not a radix tab), so that the webhooks and their delivery logs have URLs.
 */
export async function SystemConfigNav({ systemName, current }: { systemName: string; current: SystemConfigSection }) {
  const t = await getTranslations("systemconfig");
  const base = `/system/${encodeURIComponent(systemName)}/config`;
  const tabs: { section: SystemConfigSection; href: string; label: string }[] = [
    { section: "general", href: base, label: t("tabGeneral") },
    { section: "webhooks", href: `${base}/webhooks`, label: t("tabWebhooks") },
  ];
  return (
    <nav
      aria-label={t("sections")}
      className="mb-4 inline-flex h-9 w-fit items-center rounded-lg bg-muted p-[3px] text-muted-foreground"
      data-testid="system-config-nav"
    >
      {tabs.map((tab) => (
        <Link
          key={tab.section}
          href={tab.href}
          aria-current={tab.section === current ? "page" : undefined}
          className={cn(
            "inline-flex h-[calc(100%-1px)] items-center justify-center whitespace-nowrap rounded-md border border-transparent px-3 py-1 font-medium text-sm transition-[color,box-shadow] hover:text-foreground focus-visible:border-ring focus-visible:outline-1 focus-visible:outline-ring focus-visible:ring-[3px] focus-visible:ring-ring/50",
            tab.section === current && "bg-background text-foreground shadow-sm dark:border-input dark:bg-input/30",
          )}
          data-testid={`config-tab-${tab.section}`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

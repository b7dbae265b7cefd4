import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/i18n/client-messages";
import { TimeZoneCookie } from "@/components/i18n/time-zone-cookie";
import { ClickThrottle } from "@/components/shell/click-throttle";
import { StatusProvider } from "@/components/shell/status-bar";
import { THEME_INIT_SCRIPT } from "@/components/shell/theme-init";
import { HintLayer } from "@/components/ui/hint-layer";
import { IconSprite } from "@/components/ui/icon-sprite";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("product");
  return { title: { default: t("name"), template: `%s · ${t("name")}` }, description: t("tagline") };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script that applies the stored theme before paint */}
        <script dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT }} />
      </head>
      <body className="min-h-screen antialiased">
        <ClientMessages root namespaces={["status", "errors", "header"]}>
          <StatusProvider>
            <ClickThrottle />
            <TimeZoneCookie />
            <HintLayer />
            <IconSprite />
            {children}
          </StatusProvider>
        </ClientMessages>
      </body>
    </html>
  );
}

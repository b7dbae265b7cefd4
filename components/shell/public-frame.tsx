import { LogInIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ThemeToggle } from "./theme";

/** The frame of a public page for a visitor who is not signed in: product name, theme and the way to sign in. */
export async function PublicFrame({ children }: { children: ReactNode }) {
  const [t, tp] = await Promise.all([getTranslations("header"), getTranslations("product")]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        {t("skipToContent")}
      </a>
      <header className="sticky top-0 z-40 flex items-center gap-3 border-b bg-background/95 px-4 py-2 backdrop-blur">
        <Link href="/login" className="text-lg font-semibold tracking-tight">
          {tp("name")}
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link href="/login" data-testid="sign-in-link">
              <LogInIcon />
              {t("signIn")}
            </Link>
          </Button>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
        {children}
      </main>
    </div>
  );
}

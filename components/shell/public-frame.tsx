import { LogInIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ShellHeader, ShellMain } from "./shell-header";
import { ThemeToggle } from "./theme";

/** The frame of a public page for a visitor who is not signed in: product name, theme and the way to sign in. */
export async function PublicFrame({ children }: { children: ReactNode }) {
  const t = await getTranslations("header");
  return (
    <div className="flex min-h-screen flex-col">
      <ShellHeader home="/login">
        <div className="ml-auto flex items-center gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link href="/login" data-testid="sign-in-link">
              <LogInIcon />
              {t("signIn")}
            </Link>
          </Button>
          <ThemeToggle />
        </div>
      </ShellHeader>
      <ShellMain>{children}</ShellMain>
    </div>
  );
}

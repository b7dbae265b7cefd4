import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/shell/theme";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The frame of the pages outside the portals: login, password change. */
export async function AuthCard({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const t = await getTranslations("product");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      <div className="absolute right-4 top-4">
        <ThemeToggle />
      </div>
      <div className="text-center">
        <p className="text-2xl font-semibold tracking-tight">{t("name")}</p>
        <p className="text-sm text-muted-foreground">{t("tagline")}</p>
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1>{title}</h1>
          </CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </main>
  );
}

import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Caller } from "@/lib/auth/caller";
import { visibleRoles } from "@/lib/auth/roles";
import { CopyButton } from "./copy-button";
import { PageHeader } from "./page-header";

type Props = {
  caller: Caller;
  /** the API base URL (spec foundation §2) */
  base: string;
  /** the OpenApi feature flag: the link to the API reference */
  apiReference: boolean;
  /** further cards of the portal, e.g. the system portals of the admin dashboard */
  children?: ReactNode;
};

/** spec foundation §2 "Dashboard": welcome, roles (Everybody hidden among several), API base URL. */
export async function Dashboard({ caller, base, apiReference, children }: Props) {
  const [t, tg] = await Promise.all([getTranslations("dashboard"), getTranslations("general")]);
  return (
    <>
      <PageHeader title={t("title")} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="leading-snug wrap-anywhere" data-testid="welcome">
                {t("welcome", { name: caller.fullName || caller.userName })}
              </h2>
            </CardTitle>
            <CardDescription>{t("roles")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2" data-testid="roles">
            {visibleRoles(caller.roles).map((role) => (
              <Badge key={role} variant="secondary">
                {tg(`general_enum_role_${role}`)}
              </Badge>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("apiBaseUrl")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-3">
            <code className="block break-all rounded bg-muted px-3 py-2 text-sm" data-testid="api-base-url">
              {base}
            </code>
            <div className="flex flex-wrap gap-2">
              <CopyButton value={base} />
              {apiReference && (
                <Link
                  href="/apidocs"
                  className="inline-flex items-center text-sm text-primary underline underline-offset-4 hover:decoration-2"
                >
                  {t("apiReference")}
                </Link>
              )}
            </div>
          </CardContent>
        </Card>
        {children}
      </div>
    </>
  );
}

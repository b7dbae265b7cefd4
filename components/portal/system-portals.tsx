import { ExternalLinkIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { getDb } from "@/lib/setup/bootstrap";
import { listTenantSystems } from "@/lib/systems/queries";

/** spec foundation §6 "SystemsLogin": open a tenant's system portal as deputy, in a new tab. */
export async function SystemPortals() {
  const t = await getTranslations("deputy");
  const systems = await listTenantSystems(await getDb());
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("title")}</h2>
        </CardTitle>
        <CardDescription>{t("intro")}</CardDescription>
      </CardHeader>
      <CardContent>
        {systems.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("none")}</p>
        ) : (
          <ul className="grid gap-2" data-testid="system-portals">
            {systems.map((s) => (
              <li key={s.id} className="flex items-center gap-2">
                <a
                  href={`/system/${encodeURIComponent(s.name)}/dashboard`}
                  target="_blank"
                  rel="noopener"
                  aria-label={t("open", { name: s.name })}
                  className="inline-flex items-center gap-1 text-primary underline underline-offset-4"
                >
                  {s.name}
                  <ExternalLinkIcon className="size-3.5" aria-hidden />
                </a>
                {!s.isActive && <Badge variant="outline">{t("inactive")}</Badge>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

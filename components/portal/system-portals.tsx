import { ExternalLinkIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TruncatedText } from "@/components/ui/truncated-text";

type Props = { systems: { id: string; name: string; isActive: boolean }[] };

/** spec foundation §6 "SystemsLogin": open a tenant's system portal as deputy, in a new tab. */
export async function SystemPortals({ systems }: Props) {
  const t = await getTranslations("deputy");
  return (
    <Card className="min-w-0">
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
              <li key={s.id} className="flex min-w-0 items-center gap-2">
                {/* a name of up to 100 characters is cut, with the whole name in its tooltip */}
                <TruncatedText text={s.name} className="max-w-full">
                  <a
                    href={`/system/${encodeURIComponent(s.name)}/dashboard`}
                    target="_blank"
                    rel="noopener"
                    aria-label={t("open", { name: s.name })}
                    className="text-primary underline underline-offset-4"
                  >
                    {s.name}
                  </a>
                </TruncatedText>
                <ExternalLinkIcon className="size-3.5 shrink-0 text-primary" aria-hidden />
                {!s.isActive && <Badge variant="outline">{t("inactive")}</Badge>}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

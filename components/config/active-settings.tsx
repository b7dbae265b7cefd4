import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { ConfigAllDto } from "@/lib/config/schemas";

const GROUPS = ["service", "learn", "worker", "learnWorker", "featureFlags", "environment"] as const;

function show(value: unknown, yes: string, no: string): string {
  if (typeof value === "boolean") return value ? yes : no;
  if (Array.isArray(value)) return value.join(", ");
  if (value === "" || value === null || value === undefined) return "—";
  return String(value);
}

/** spec operations §2 Configuration, active tab: every effective setting, grouped, read-only; secrets masked. */
export async function ActiveSettings({ settings }: { settings: ConfigAllDto }) {
  const t = await getTranslations("configuration");
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="active-settings">
      {GROUPS.map((group) => (
        <Card key={group} data-testid={`active-${group}`}>
          <CardHeader>
            <CardTitle>{t(`group_${group}`)}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] gap-x-4 gap-y-1.5 text-sm">
              {Object.entries(settings[group]).map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="truncate font-mono text-muted-foreground" title={key}>
                    {key}
                  </dt>
                  <dd className="break-words" data-testid={`active-${group}-${key}`}>
                    {show(value, t("yes"), t("no"))}
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

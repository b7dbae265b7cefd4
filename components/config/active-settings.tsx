import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatBytes } from "@/lib/i18n/bytes";
import type { ConfigAllDto } from "@/lib/settings/schemas";

const GROUPS = ["service", "learn", "worker", "learnWorker", "featureFlags", "environment"] as const;
type Group = (typeof GROUPS)[number];

/** The upload limits: in bytes in the API, shown as KB or MB with the exact count (issue 23). */
const BYTE_SETTINGS = new Set(["maxOrderFileBytes", "maxJobBytes", "maxProjectFileBytes"]);

/**
 * spec operations §2 Configuration, active tab: every effective setting, grouped, read-only; secrets masked. Each
 * setting by the label its form gives it (the key as the label's title), whole: nothing cut.
 */
export async function ActiveSettings({ settings }: { settings: ConfigAllDto }) {
  const [t, tw, locale] = await Promise.all([getTranslations("configuration"), getTranslations("worker"), getLocale()]);
  const label = (group: Group, key: string): string => {
    const candidates =
      group === "featureFlags"
        ? [[t, `flag${key}`] as const]
        : group === "environment"
          ? [[t, `env_${key}`] as const]
          : group === "worker" || group === "learnWorker"
            ? [[tw, key] as const]
            : [[t, key] as const, [tw, key] as const];
    for (const [tr, k] of candidates) if (tr.has(k as never)) return tr(k as never);
    return key;
  };
  const show = (key: string, value: unknown): string => {
    if (typeof value === "boolean") return value ? t("yes") : t("no");
    if (Array.isArray(value)) return value.join(", ");
    if (value === "" || value === null || value === undefined) return "—";
    if (BYTE_SETTINGS.has(key) && typeof value === "number")
      return t("bytesExact", { size: formatBytes(locale, value), bytes: value });
    return String(value);
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="active-settings">
      {GROUPS.map((group) => (
        <Card key={group} data-testid={`active-${group}`}>
          <CardHeader>
            <CardTitle>{t(`group_${group}`)}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              {Object.entries(settings[group]).map(([key, value]) => (
                <div key={key} className="contents">
                  <dt className="break-words text-muted-foreground" title={key} data-testid={`active-label-${group}-${key}`}>
                    {label(group, key)}
                  </dt>
                  <dd className="break-words" data-testid={`active-${group}-${key}`}>
                    {show(key, value)}
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

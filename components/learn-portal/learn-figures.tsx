import { getTranslations } from "next-intl/server";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import type { LearnCounts } from "@/lib/learn/clusters/schemas";

const FIGURES = ["documents", "clustered", "pending", "unclustered", "clusters", "named", "complete", "locked"] as const;

/** The overview's figures: where the documents stand, how far the clusters are. */
export async function LearnFigures({ counts }: { counts: LearnCounts }) {
  const t = await getTranslations("learnPortal");
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("figuresTitle")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-4" data-testid="learn-figures">
          {FIGURES.map((key) => (
            <div key={key} className="min-w-0">
              <dt className="text-sm text-muted-foreground">{t(`figure_${key}`)}</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid={`figure-${key}`}>
                {counts[key]}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

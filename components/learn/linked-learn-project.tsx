import { BrainCircuitIcon, ExternalLinkIcon } from "lucide-react";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { learnPortalHref } from "./links";

/**
 * On an extraction project's page: the learn project it is linked to (its export gives this project learned classes;
 * docs/decisions.md "Learn runs and export"), with the way to that learn project and to its learn portal, and the
 * classes it learned.
 */
export async function LinkedLearnProject({
  systemName,
  learnProject,
  learnedClasses,
}: {
  systemName: string;
  learnProject: { id: string; name: string; deletedAt: Date | null };
  learnedClasses: string[];
}) {
  const t = await getTranslations("projects");
  const base = `/system/${encodeURIComponent(systemName)}`;
  return (
    <Card className="max-w-4xl" data-testid="linked-learn-project">
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <BrainCircuitIcon className="size-4" aria-hidden />
            {t("linkedLearnTitle")}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="wrap-anywhere">
          {t.rich("linkedLearnText", {
            name: learnProject.name,
            link: (chunks) => (
              <Link
                href={`${base}/learnProjects/edit/${learnProject.id}`}
                className="font-medium underline underline-offset-4"
                data-testid="linked-learn-project-link"
              >
                {chunks}
              </Link>
            ),
          })}{" "}
          {learnProject.deletedAt && <Badge variant="destructive">{t("linkedLearnDeleted")}</Badge>}
        </p>
        {learnedClasses.length > 0 && (
          <p className="wrap-anywhere text-muted-foreground">
            {t("linkedLearnClasses", { count: learnedClasses.length, classes: learnedClasses.join(", ") })}
          </p>
        )}
        <div>
          <Button asChild variant="outline" size="sm">
            <a href={learnPortalHref(systemName, learnProject.id)} target="_blank" rel="noopener">
              <ExternalLinkIcon />
              {t("linkedLearnPortal")}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

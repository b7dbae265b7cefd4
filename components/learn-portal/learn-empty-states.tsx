import { InboxIcon, SparklesIcon } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { SubmissionKeyCard } from "@/components/projects/submission-key-card";
import type { LearnProjectDto } from "@/lib/learn/schemas";

/** No documents yet: how jobs bring them (DESIGN.md "Job creation": the project's submission key, or a token and its name). */
export async function NoDocuments({ project, submissionKey }: { project: LearnProjectDto; submissionKey: string | null }) {
  const t = await getTranslations("learnPortal");
  return (
    <div className="grid gap-4" data-testid="learn-empty-documents">
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed px-6 py-10 text-center">
        <InboxIcon className="size-10 text-muted-foreground" aria-hidden />
        <h3 className="text-lg font-semibold">{t("emptyDocumentsTitle")}</h3>
        <p className="max-w-prose text-muted-foreground">{t("emptyDocumentsText")}</p>
        <pre className="max-w-full overflow-x-auto rounded bg-muted px-3 py-2 text-left text-xs">
          {`POST /api/jobs?auth=<${t("submissionKeyPlaceholder")}>\nContent-Type: multipart/form-data\nfile: letter.pdf`}
        </pre>
      </div>
      {submissionKey && (
        <SubmissionKeyCard projectId={project.id} submissionKey={submissionKey} readOnly={project.deletedAt !== null} />
      )}
    </div>
  );
}

/** Documents, but no clusters: no learn run has grouped them yet. */
export async function NotLearnedYet({ pending }: { pending: number }) {
  const t = await getTranslations("learnPortal");
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-md border border-dashed px-6 py-10 text-center"
      data-testid="learn-empty-clusters"
    >
      <SparklesIcon className="size-10 text-muted-foreground" aria-hidden />
      <h3 className="text-lg font-semibold">{t("notLearnedTitle")}</h3>
      <p className="max-w-prose text-muted-foreground">{t("notLearnedText", { count: pending })}</p>
    </div>
  );
}

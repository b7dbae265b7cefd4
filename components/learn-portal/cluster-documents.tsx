"use client";

import { ArrowRightLeftIcon, ScissorsIcon } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState, useTransition } from "react";
import { DataTable, dataTableColumnHelper } from "@/components/data-table";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { Button } from "@/components/ui/button";
import { moveLearnDocumentsAction, splitLearnClusterAction } from "@/lib/learn/clusters/actions";
import type { LearnClusterChoice, LearnClusterDocumentDto, LearnClusterDto } from "@/lib/learn/clusters/schemas";
import type { LearnProjectDto } from "@/lib/learn/schemas";
import { learnClusterHref } from "../learn/links";
import { ClusterChoiceDialog } from "./cluster-choice-dialog";
import { DocumentDialog } from "./document-dialog";

const column = dataTableColumnHelper<LearnClusterDocumentDto>();

type Props = {
  project: LearnProjectDto;
  cluster: LearnClusterDto;
  documents: LearnClusterDocumentDto[];
  total: number;
  page: number;
  pageSize: number;
  choices: LearnClusterChoice[];
  userId: string;
  editable: boolean;
};

/**
 * A cluster's documents, paged: open one to read its text; select some to split them off into a new cluster or to
 * move them to another cluster. When every document leaves, the cluster is gone and the page follows them.
 */
export function ClusterDocuments(props: Props) {
  const { project, cluster } = props;
  const t = useTranslations("learnPortal");
  const router = useRouter();
  const { dateTime } = useDates();
  const { notify, notifyErrors } = useStatus();
  const [selected, setSelected] = useState<number[]>([]);
  const [reading, setReading] = useState<LearnClusterDocumentDto | null>(null);
  const [moving, setMoving] = useState(false);
  const [pending, startTransition] = useTransition();

  const after = (target: { id: string; number: number }, moved: number, message: string) => {
    notify("success", message);
    setMoving(false);
    // the cluster is deleted once its last document left: show where they went
    if (moved >= cluster.size) router.push(learnClusterHref(project.systemName, project.id, target.id));
    else router.refresh();
  };
  const split = () =>
    startTransition(async () => {
      const r = await splitLearnClusterAction({ projectId: project.id, clusterId: cluster.id, documentIds: selected });
      if (!r.ok) return notifyErrors(r.errors, (error) => t("error_split", { error }));
      after(r.data, selected.length, t("text_split", { count: selected.length, number: r.data.number }));
    });
  const move = (ids: string[]) =>
    startTransition(async () => {
      const [to] = ids;
      if (!to) return;
      const r = await moveLearnDocumentsAction({ projectId: project.id, clusterId: cluster.id, documentIds: selected, to });
      if (!r.ok) return notifyErrors(r.errors, (error) => t("error_move", { error }));
      after(
        r.data,
        selected.length,
        t("text_moved", {
          count: selected.length,
          cluster: r.data.name ?? t("clusterNumber", { number: r.data.number }),
        }),
      );
    });

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor("file", {
          header: t("column_file"),
          cell: ({ row }) => (
            <Button
              variant="link"
              className="h-auto max-w-64 justify-start truncate p-0"
              onClick={() => setReading(row.original)}
              data-testid="open-document"
            >
              {row.original.file}
            </Button>
          ),
        }),
        column.accessor("excerpt", {
          header: t("column_excerpt"),
          cell: (i) => (
            <span className="line-clamp-2 min-w-48 whitespace-normal text-muted-foreground wrap-anywhere">{i.getValue()}</span>
          ),
        }),
        column.accessor("pages", {
          header: t("column_pages"),
          cell: (i) => <span className="tabular-nums">{i.getValue()}</span>,
        }),
        column.accessor("jobId", {
          header: t("column_job"),
          cell: (i) => {
            const jobId = i.getValue();
            return jobId === null ? (
              <span className="text-muted-foreground">–</span>
            ) : (
              <Link
                className="text-primary underline underline-offset-4 tabular-nums"
                href={`/system/${encodeURIComponent(project.systemName)}/jobmonitor/details/${jobId}`}
              >
                {jobId}
              </Link>
            );
          },
        }),
        column.accessor("created", {
          header: t("column_created"),
          cell: (i) => <span className="whitespace-nowrap tabular-nums">{dateTime(i.getValue())}</span>,
        }),
      ]),
    [t, dateTime, project.systemName],
  );

  return (
    <section aria-labelledby="documents-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="documents-heading" className="mr-auto text-xl font-semibold">
          {t("documentsTitle")}
        </h2>
        <Button
          variant="outline"
          onClick={split}
          disabled={!props.editable || selected.length === 0 || pending}
          data-testid="split-documents"
        >
          <ScissorsIcon />
          {t("splitButton", { count: selected.length })}
        </Button>
        <Button
          variant="outline"
          onClick={() => setMoving(true)}
          disabled={!props.editable || selected.length === 0 || props.choices.length === 0 || pending}
          data-testid="move-documents"
        >
          <ArrowRightLeftIcon />
          {t("moveButton", { count: selected.length })}
        </Button>
      </div>
      <DataTable
        columns={columns}
        rows={props.documents}
        total={props.total}
        page={props.page}
        pageSize={props.pageSize}
        getRowId={(d) => String(d.id)}
        selectable={props.editable}
        onSelectionChange={(ids) => setSelected(ids.map(Number))}
        emptyText={t("noDocuments")}
        testId="cluster-documents"
      />
      <DocumentDialog projectId={project.id} document={reading} onClose={() => setReading(null)} />
      <ClusterChoiceDialog
        open={moving}
        onOpenChange={setMoving}
        title={t("moveDialogTitle", { count: selected.length })}
        description={t("moveDialogText")}
        confirmLabel={() => t("moveConfirm", { count: selected.length })}
        multiple={false}
        choices={props.choices}
        userId={props.userId}
        pending={pending}
        onConfirm={move}
        testId="move-dialog"
      />
    </section>
  );
}

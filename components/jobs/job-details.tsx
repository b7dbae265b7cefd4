"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useDates } from "@/components/i18n/use-dates";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { LogLevel } from "@/db/schema/jobs";
import type { JobEInvoice } from "@/lib/jobs/einvoices";
import type { JobLogLine } from "@/lib/jobs/queries";
import { allows } from "@/lib/jobs/rules";
import type { JobDto } from "@/lib/jobs/schemas";
import { JobEInvoices } from "./job-einvoices";
import { JobFilesTable } from "./job-files-table";
import { JobLogging } from "./job-logging";
import { JobStateBadge } from "./job-state-badge";
import { useJobMessages } from "./use-job-messages";

type Props = {
  job: JobDto;
  levels: readonly LogLevel[];
  log: { lines: JobLogLine[]; truncated: boolean; maxLines: number };
  /** the e-invoices its documents carried (issue 25): a tab of their business terms when there are any */
  einvoices?: JobEInvoice[];
};

const FILE_TABS = [
  { kind: "order", key: "orderFiles" },
  { kind: "work", key: "workFiles" },
  { kind: "result", key: "resultFiles" },
] as const;

/** spec operations §2 "Job details": the tabs, the processing block and logging. */
export function JobDetails({ job, levels, log, einvoices = [] }: Props) {
  const t = useTranslations("jobs");
  const { dateTime } = useDates();
  const messages = useJobMessages();
  const errorText = messages.error(job);
  // spec operations §4: file tabs are disabled while processing
  const filesDisabled = !allows("viewFiles", job);
  const general: [string, ReactNode][] = [
    [t("column_project"), job.project],
    [t("creator"), job.creator || "—"],
    [t("column_client"), job.client || "—"],
    [t("column_clientInfo"), job.clientInfo || "—"],
    [t("priority"), job.priority],
    [
      t("preventDelete"),
      <Badge key="p" variant={job.preventDelete ? "secondary" : "outline"}>
        {job.preventDelete ? t("yes") : t("no")}
      </Badge>,
    ],
  ];
  const processing: [string, ReactNode][] = [
    [t("column_state"), <JobStateBadge key="s" state={job.state} />],
    [
      t("error"),
      job.errorCode ? (
        <span key="e">
          <span className="font-mono">{job.errorCode}</span>
          {errorText ? `: ${errorText}` : null}
        </span>
      ) : (
        "—"
      ),
    ],
    [t("workerProcessId"), job.workerProcessId || "—"],
    [t("column_created"), dateTime(job.created)],
    [t("column_started"), dateTime(job.started)],
    [t("column_finished"), dateTime(job.finished)],
    [t("column_deleted"), dateTime(job.deleted)],
  ];

  return (
    <div className="grid gap-4" data-testid="job-details">
      <Tabs defaultValue="general">
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="general">{t("tab_general")}</TabsTrigger>
          <TabsTrigger value="properties">{t("tab_properties")}</TabsTrigger>
          {FILE_TABS.map(({ kind, key }) => (
            <TabsTrigger key={kind} value={kind} disabled={filesDisabled} data-testid={`tab-${kind}`}>
              {t(`tab_${key}`, { count: job[key].length })}
            </TabsTrigger>
          ))}
          {einvoices.length > 0 && (
            <TabsTrigger value="einvoice" data-testid="tab-einvoice">
              {t("tab_einvoice", { count: einvoices.length })}
            </TabsTrigger>
          )}
        </TabsList>
        <TabsContent value="general">
          <Card>
            <CardContent>
              <DefinitionList items={general} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="properties">
          <Card>
            <CardContent>
              <PropertiesTable properties={job.properties} />
            </CardContent>
          </Card>
        </TabsContent>
        {FILE_TABS.map(({ kind, key }) => (
          <TabsContent key={kind} value={kind}>
            <Card>
              <CardContent>
                <JobFilesTable jobId={job.id} kind={kind} files={job[key]} />
              </CardContent>
            </Card>
          </TabsContent>
        ))}
        {einvoices.length > 0 && (
          <TabsContent value="einvoice">
            <Card>
              <CardContent>
                <JobEInvoices einvoices={einvoices} />
              </CardContent>
            </Card>
          </TabsContent>
        )}
      </Tabs>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>{t("processing")}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <DefinitionList items={processing} />
          </CardContent>
        </Card>
        <JobLogging job={job} levels={levels} lines={log.lines} truncated={log.truncated} maxLines={log.maxLines} />
      </div>
    </div>
  );
}

function DefinitionList({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PropertiesTable({ properties }: { properties: JobDto["properties"] }) {
  const t = useTranslations("jobs");
  if (!properties.length) return <p className="py-6 text-center text-muted-foreground text-sm">{t("noProperties")}</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table data-testid="job-properties">
        <TableHeader>
          <TableRow>
            <TableHead>{t("property_name")}</TableHead>
            <TableHead>{t("property_value")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {properties.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: property names may repeat; the list is read-only
            <TableRow key={i}>
              <TableCell className="font-medium">{p.name}</TableCell>
              <TableCell className="whitespace-pre-wrap break-all">{p.value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

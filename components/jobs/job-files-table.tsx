"use client";

import { DownloadIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { JobFileKind } from "@/db/schema/jobs";
import type { JobDto } from "@/lib/jobs/schemas";
import { sizeInKb } from "./file-size";
import { jobFileHref } from "./job-links";

type JobFileDto = JobDto["orderFiles"][number];

/** spec operations §2 "Job details" file tabs: name, content type, size in KB, multipage, download. */
export function JobFilesTable({ jobId, kind, files }: { jobId: number; kind: JobFileKind; files: JobFileDto[] }) {
  const t = useTranslations("jobs");
  if (!files.length) return <p className="py-6 text-center text-muted-foreground text-sm">{t("noFiles")}</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <Table data-testid={`job-files-${kind}`}>
        <TableHeader>
          <TableRow>
            <TableHead>{t("file_name")}</TableHead>
            <TableHead>{t("file_contentType")}</TableHead>
            <TableHead className="text-right">{t("file_size")}</TableHead>
            <TableHead>{t("file_multipage")}</TableHead>
            <TableHead>
              <span className="sr-only">{t("download")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {files.map((file) => (
            <TableRow key={file.name}>
              <TableCell className="break-all">{file.name}</TableCell>
              <TableCell>{file.contentType}</TableCell>
              <TableCell className="text-right tabular-nums">{sizeInKb(file.size)}</TableCell>
              <TableCell>{file.isMultiPageFile ? t("yes") : t("no")}</TableCell>
              <TableCell className="text-right">
                <Button variant="ghost" size="icon" asChild>
                  <a href={jobFileHref(jobId, kind, file.name)} aria-label={t("downloadFile", { name: file.name })}>
                    <DownloadIcon aria-hidden="true" />
                  </a>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

"use client";

import { SaveIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { FormError } from "@/components/forms/form-error";
import { useDates } from "@/components/i18n/use-dates";
import { useStatus } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { LogLevel } from "@/db/schema/jobs";
import type { ErrorEntry } from "@/lib/errors/app-error";
import { setLogLevelAction } from "@/lib/jobs/actions";
import type { JobLogLine } from "@/lib/jobs/queries";
import { allows } from "@/lib/jobs/rules";
import type { JobDto } from "@/lib/jobs/schemas";
import { useJobMessages } from "./use-job-messages";

/** The select value that stands for the default log level (saved as null). */
const DEFAULT_LEVEL = "default";

type Props = {
  job: JobDto;
  levels: readonly LogLevel[];
  lines: JobLogLine[];
  truncated: boolean;
  maxLines: number;
};

/** spec operations §2 "Job details" logging: the level (or the default), editable unless Processing, and the log. */
export function JobLogging({ job, levels, lines, truncated, maxLines }: Props) {
  const t = useTranslations("jobs");
  const router = useRouter();
  const hydrated = useHydrated();
  const { dateTime } = useDates();
  const messages = useJobMessages();
  const { notify } = useStatus();
  const [errors, setErrors] = useState<ErrorEntry[]>([]);
  const [pending, startTransition] = useTransition();
  const [level, setLevel] = useState<string>(job.useDefaultLogLevel ? DEFAULT_LEVEL : job.logLevel);
  const editable = allows("changeLogLevel", job);

  const save = () =>
    startTransition(async () => {
      const chosen = levels.find((l) => l === level) ?? null;
      setErrors([]);
      const result = await setLogLevelAction({ id: job.id, level: chosen });
      router.refresh();
      if (!result.ok) return setErrors(result.errors);
      notify("success", t("jobDetails_text_logLevelSet"));
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("logging")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          method="post"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor="log-level">{t("logLevel")}</Label>
            <NativeSelect
              id="log-level"
              className="w-48"
              value={level}
              onChange={(e) => setLevel(e.target.value)}
              disabled={!editable}
              data-testid="log-level"
            >
              <option value={DEFAULT_LEVEL}>{t("logLevel_default")}</option>
              {levels.map((l) => (
                <option key={l} value={l}>
                  {t(`level_${l}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={!editable || pending || !hydrated} data-testid="log-level-save">
            <SaveIcon aria-hidden="true" />
            {t("save")}
          </Button>
          {!editable && <p className="text-muted-foreground text-sm">{t("logLevelLocked")}</p>}
        </form>
        <FormError errors={errors} wrap={(error) => t("jobDetails_error_logLevel", { error })} />
        {lines.length ? (
          <div className="grid gap-2">
            {truncated && <p className="text-muted-foreground text-sm">{t("logTruncated", { count: maxLines })}</p>}
            <div className="max-h-[32rem] overflow-auto rounded-md border">
              <Table data-testid="job-log">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("log_time")}</TableHead>
                    <TableHead>{t("log_level")}</TableHead>
                    <TableHead>{t("log_message")}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {lines.map((line) => (
                    <TableRow key={line.id}>
                      <TableCell className="whitespace-nowrap align-top tabular-nums">
                        <time dateTime={line.time}>{dateTime(line.time)}</time>
                      </TableCell>
                      <TableCell className="align-top">{t(`level_${line.level}`)}</TableCell>
                      <TableCell className="whitespace-pre-wrap break-all font-mono text-xs">{messages.line(line)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </div>
        ) : (
          <p className="text-muted-foreground text-sm">{t("noLogLines")}</p>
        )}
      </CardContent>
    </Card>
  );
}

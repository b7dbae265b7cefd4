"use client";

import { ArchiveIcon } from "lucide-react";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { DayRangeInputs, dayRangeProblems } from "@/components/forms/day-range-inputs";
import { useStatus } from "@/components/shell/status-bar";
import { useHydrated } from "@/components/shell/use-hydrated";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldMessages } from "@/components/ui/form";
import { exportRangeAction } from "@/lib/downloads/actions";
import type { ExportType } from "@/lib/downloads/schemas";
import { currentMonth, type DateRange } from "@/lib/statistics/rules";

/**
 * Beyond the spec (issue 23): "archive now / export this range" on the downloads page. The archivers write only
 * complete months or weeks, so a new installation has nothing to download for weeks; here the user picks UTC days
 * (default: this month so far) and gets their archive at once: it is written, listed, and its download starts. The
 * tab's type and the page's scope (a system's page: that system; the admin portal: every system) decide what it holds.
 */
export function ExportForm({ type, systemId, admin }: { type: ExportType; systemId?: string; admin: boolean }) {
  const t = useTranslations("downloads");
  const router = useRouter();
  const hydrated = useHydrated();
  const { notify, notifyErrors } = useStatus();
  const [pending, startTransition] = useTransition();
  const [range, setRange] = useState<DateRange>(() => currentMonth(new Date()));
  const { unreadable, endFirst } = dayRangeProblems(range);
  const messages = [
    ...unreadable.map((b) => t("export_invalidDay", { field: t(`export_${b}`) })),
    ...(endFirst ? [t("export_endBeforeStart")] : []),
  ];
  const submit = () =>
    startTransition(async () => {
      const result = await exportRangeAction({ type, start: range.start, end: range.end, ...(systemId ? { systemId } : {}) });
      if (!result.ok) return notifyErrors(result.errors, (error) => t("export_error", { error }));
      router.refresh();
      notify("success", t("export_done", { name: result.data.displayFileName }));
      window.location.assign(`/api/v2/downloads/${result.data.id}/download`);
    });
  return (
    <Card className="py-4" data-testid="export-range">
      <CardHeader className="px-4">
        <CardTitle>
          <h2 className="text-base">{t("export_title")}</h2>
        </CardTitle>
        <CardDescription>{t(`export_hint_${type}`, { all: String(admin && !systemId) })}</CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        <form
          method="post"
          aria-label={t("export_title")}
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (!messages.length) submit();
          }}
        >
          <DayRangeInputs
            range={range}
            onChange={setRange}
            idPrefix="export"
            label={(bound) => t(`export_${bound}`)}
            describedBy={(wrong) => (wrong ? "export-error" : undefined)}
          />
          <Button type="submit" disabled={!hydrated || pending || messages.length > 0} data-testid="export-submit">
            <ArchiveIcon aria-hidden />
            {t("export_submit")}
          </Button>
        </form>
        <FieldMessages id="export-error" messages={messages} className="mt-2" />
      </CardContent>
    </Card>
  );
}

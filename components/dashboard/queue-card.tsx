import Link from "next/link";
import { getFormatter, getTimeZone, getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { QueueFigures, SystemQueue } from "@/lib/dashboard/queue";
import { formatDateTime } from "@/lib/i18n/dates";
import { ageOf } from "./age";
import { Figure, Figures } from "./figure";

export type QueueLinks = { waiting?: string; processing?: string; oldest?: string };

type Props = {
  queue: QueueFigures;
  now: Date;
  /** the job monitor filtered by waiting / in work / oldest first, if the caller may open it */
  links: QueueLinks;
  /** admin: the systems with a queue, each with its links */
  bySystem?: { queue: SystemQueue; links: QueueLinks }[];
};

/** The queue now: waiting, in work (Assigned + Processing) and how long the oldest waiting job waits. */
export async function QueueCard({ queue, now, links, bySystem }: Props) {
  const [t, format, timeZone] = await Promise.all([getTranslations("dashboardCards"), getFormatter(), getTimeZone()]);
  const age = (since: Date | null) => {
    if (!since) return t("queueNoneWaiting");
    const { value, unit } = ageOf((now.getTime() - since.getTime()) / 1000);
    return format.number(value, { style: "unit", unit, unitDisplay: "short" });
  };
  const busy = (bySystem ?? []).filter((s) => s.queue.waiting + s.queue.processing > 0);
  return (
    <Card className="min-w-0" data-testid="queue-card">
      <CardHeader>
        <CardTitle>
          <h2>{t("queueTitle")}</h2>
        </CardTitle>
        <CardDescription>{t("queueIntro")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Figures className="sm:grid-cols-3">
          <Figure label={t("queueWaiting")} value={format.number(queue.waiting)} href={links.waiting} testId="queue-waiting" />
          <Figure
            label={t("queueProcessing")}
            value={format.number(queue.processing)}
            href={links.processing}
            testId="queue-processing"
          />
          <Figure
            label={t("queueOldest")}
            value={age(queue.oldestWaiting)}
            hint={queue.oldestWaiting ? t("createdAt", { time: formatDateTime(queue.oldestWaiting, timeZone) }) : undefined}
            href={queue.oldestWaiting ? links.oldest : undefined}
            testId="queue-oldest"
          />
        </Figures>
        {bySystem &&
          (busy.length === 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="queue-empty">
              {t("queueEmpty")}
            </p>
          ) : (
            <Table data-testid="queue-rows">
              <caption className="sr-only">{t("queueBySystem")}</caption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">{t("system")}</TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("queueWaiting")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("queueProcessing")}
                  </TableHead>
                  <TableHead scope="col" className="text-right">
                    {t("queueOldest")}
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {busy.map(({ queue: q, links: l }) => (
                  <TableRow key={q.systemId} data-testid="queue-row">
                    <TableHead scope="row" className="max-w-40 truncate font-medium" title={q.systemName}>
                      {q.systemName}
                    </TableHead>
                    <Cell
                      value={format.number(q.waiting)}
                      href={q.waiting ? l.waiting : undefined}
                      label={t("queueWaiting")}
                      name={q.systemName}
                    />
                    <Cell
                      value={format.number(q.processing)}
                      href={q.processing ? l.processing : undefined}
                      label={t("queueProcessing")}
                      name={q.systemName}
                    />
                    <Cell
                      value={age(q.oldestWaiting)}
                      href={q.oldestWaiting ? l.oldest : undefined}
                      label={t("queueOldest")}
                      name={q.systemName}
                    />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ))}
      </CardContent>
    </Card>
  );
}

function Cell({ value, href, label, name }: { value: string; href?: string; label: string; name: string }) {
  return (
    <TableCell className="text-right tabular-nums">
      {href ? (
        <Link
          href={href}
          aria-label={`${name}, ${label}: ${value}`}
          className="underline decoration-dotted underline-offset-4 hover:decoration-solid"
        >
          {value}
        </Link>
      ) : (
        value
      )}
    </TableCell>
  );
}

import { getLocale, getTranslations } from "next-intl/server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { StatisticsFigures } from "@/lib/statistics/schemas";
import { formatCount } from "./format";

const PROFILES = [
  ["MINIMUM", "einvoicesMinimum"],
  ["BASIC WL", "einvoicesBasicWl"],
  ["BASIC", "einvoicesBasic"],
  ["EN16931", "einvoicesEn16931"],
  ["EXTENDED", "einvoicesExtended"],
  ["XRECHNUNG", "einvoicesXrechnung"],
] as const;

/**
 * Issue 25: the e-invoices of the range (documents read from their XML) by syntax and by profile, beside the
 * statistics table; a profile the counters do not name (PEPPOL BIS, an unknown identifier) is "other". Only shown when
 * the range has e-invoices.
 */
export async function EInvoiceBreakdown({ total }: { total: StatisticsFigures }) {
  if (total.einvoices === 0) return null;
  const [t, locale] = await Promise.all([getTranslations("statistics"), getLocale()]);
  const named = PROFILES.reduce((n, [, k]) => n + total[k], 0);
  const profiles: [string, number][] = [
    ...PROFILES.filter(([, k]) => total[k] > 0).map(([name, k]): [string, number] => [name, total[k]]),
    ...(total.einvoices > named ? [[t("einvoice_otherProfile"), total.einvoices - named] as [string, number]] : []),
  ];
  const syntaxes: [string, number][] = [
    ["CII", total.einvoicesCii],
    ["UBL", total.einvoicesUbl],
  ];
  const part = (caption: string, head: string, rows: [string, number][], testId: string) => (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">{head}</TableHead>
          <TableHead scope="col" className="text-right">
            {t("einvoice_count")}
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map(([name, n]) => (
          <TableRow key={name}>
            <TableHead scope="row" className="font-normal">
              {name}
            </TableHead>
            <TableCell className="text-right tabular-nums">{formatCount(locale, n)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </table>
  );
  return (
    <Card className="mt-6 py-4" data-testid="einvoice-breakdown">
      <CardHeader className="px-4">
        <CardTitle>{t("einvoice_title")}</CardTitle>
        <CardDescription>
          {t("einvoice_description", {
            count: formatCount(locale, total.einvoices),
            warned: formatCount(locale, total.einvoicesWarned),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 px-4 sm:grid-cols-2">
        {part(t("einvoice_bySyntax"), t("einvoice_syntax"), syntaxes, "einvoice-syntaxes")}
        {part(t("einvoice_byProfile"), t("einvoice_profile"), profiles, "einvoice-profiles")}
      </CardContent>
    </Card>
  );
}

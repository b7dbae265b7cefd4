"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { JobEInvoice } from "@/lib/jobs/einvoices";
import { isTerm, LINE_TERMS, TERMS, type TermValues, VAT_TERMS } from "@/lib/processing/einvoice/terms";
import { useEInvoiceCheckText } from "./use-einvoice-check-text";

/**
 * The e-invoices of a job's documents (issue 25): per document its syntax, profile and version, its business terms as a
 * table (term, name in the viewer's language, value), its lines and VAT breakdown, and the checks that failed.
 */
export function JobEInvoices({ einvoices }: { einvoices: JobEInvoice[] }) {
  return (
    <div className="grid gap-6" data-testid="job-einvoices">
      {einvoices.map(({ file, einvoice }, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a job's documents may repeat a name; the list is read-only
        <EInvoiceOfDocument key={i} file={file} einvoice={einvoice} />
      ))}
    </div>
  );
}

function EInvoiceOfDocument({ file, einvoice }: JobEInvoice) {
  const t = useTranslations("einvoice");
  const value = useTermValue();
  const checkText = useEInvoiceCheckText();
  const name = (term: string) => (isTerm(term) ? t(`term.${term}`) : term);
  // in the standard's numbering (BT-1, BT-2 … BT-115)
  const terms = Object.entries(einvoice.fields).sort(([a], [b]) => Number(a.slice(3)) - Number(b.slice(3)));
  return (
    <section className="grid gap-3" aria-label={file}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{file}</h3>
        <Badge variant="secondary">{einvoice.syntax}</Badge>
        <Badge variant="outline">{einvoice.profile ?? t("unknownProfile")}</Badge>
        {einvoice.version && <span className="text-muted-foreground text-sm">{einvoice.version}</span>}
        {einvoice.file && <span className="text-muted-foreground text-sm">{t("embedded", { file: einvoice.file })}</span>}
      </div>
      <div className="overflow-x-auto rounded-md border">
        <Table data-testid="einvoice-terms">
          <TableHeader>
            <TableRow>
              <TableHead className="w-24">{t("term_id")}</TableHead>
              <TableHead>{t("term_name")}</TableHead>
              <TableHead>{t("term_value")}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {terms.map(([term, v]) => (
              <TableRow key={term}>
                <TableCell className="font-mono text-muted-foreground text-xs">{term}</TableCell>
                <TableCell>{name(term)}</TableCell>
                <TableCell className="break-all">{value(term, v)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <Rows
        title={t("lines", { count: einvoice.lines.length })}
        rows={einvoice.lines}
        columns={LINE_TERMS}
        testId="einvoice-lines"
      />
      <Rows
        title={t("vatBreakdown", { count: einvoice.vatBreakdown.length })}
        rows={einvoice.vatBreakdown}
        columns={VAT_TERMS}
        testId="einvoice-vat"
      />
      <div>
        <h4 className="mb-1 font-medium text-sm">{t("checks")}</h4>
        {einvoice.warnings.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t(einvoice.file ? "noWarnings" : "noWarningsXml")}</p>
        ) : (
          <ul className="grid gap-1 text-sm" data-testid="einvoice-warnings">
            {einvoice.warnings.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a rule may warn twice; the list is read-only
              <li key={i}>
                <span className="font-mono">{w.rule}</span>: {checkText(w)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** a term's value as the viewer reads it: amounts with two decimals, numbers and rates in the viewer's format */
function useTermValue() {
  const format = useFormatter();
  return (term: string, v: TermValues[keyof TermValues]) => {
    if (typeof v !== "number" || !isTerm(term)) return String(v ?? "");
    const kind = TERMS[term];
    if (kind === "amount") return format.number(v, { minimumFractionDigits: 2, maximumFractionDigits: 6 });
    if (kind === "percent") return `${format.number(v, { maximumFractionDigits: 4 })} %`;
    return format.number(v, { maximumFractionDigits: 6 });
  };
}

function Rows({
  title,
  rows,
  columns,
  testId,
}: {
  title: string;
  rows: TermValues[];
  columns: readonly string[];
  testId: string;
}) {
  const t = useTranslations("einvoice");
  const value = useTermValue();
  if (rows.length === 0) return null;
  // the columns some row has, in the standard's order
  const shown = columns.filter((c) => rows.some((r) => (r as Record<string, unknown>)[c] !== undefined));
  return (
    <div>
      <h4 className="mb-1 font-medium text-sm">{title}</h4>
      <div className="overflow-x-auto rounded-md border">
        <Table data-testid={testId}>
          <TableHeader>
            <TableRow>
              {shown.map((c) => (
                <TableHead key={c} title={c}>
                  {isTerm(c) ? t(`term.${c}`) : c}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
              <TableRow key={i}>
                {shown.map((c) => (
                  <TableCell key={c}>{value(c, (row as Record<string, string | number | undefined>)[c])}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

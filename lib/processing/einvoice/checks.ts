import type { ReadEInvoice } from "./read";
import type { Term, TermValues } from "./terms";

/**
 * The checks of an e-invoice that this service makes (issue 25, docs/decisions.md "E-invoices"), each a warning with
 * its rule id: the business rules of EN 16931 on the totals and the VAT breakdown (BR-CO-10, -13, -14, -15, -16, and
 * each standard-rated category's tax, BR-S-09, to the cent), the terms every invoice has (BR-01 … BR-07, BR-14), and
 * this service's own (EINV-…): an unknown specification identifier, a value not written as its type requires, and —
 * when the document is a PDF — its visible text not showing the invoice number or the grand total the XML states.
 */

/**
 * A failed check: its rule id, an English message (result.json, the job log), and the message's key and parameters,
 * which the portal says in the viewer's language (messages `einvoice.check.<key>`).
 */
export type EInvoiceWarning = { rule: string; message: string; key: CheckKey; params: Record<string, string | number> };

/** the English text of each check's message (the portal's messages say the same, in English and German) */
const TEXT = {
  missingSpec: () => "The invoice has no specification identifier (BT-24).",
  unknownSpec: (p) => `The specification identifier (BT-24) "${p.id}" is not one this service knows.`,
  missingTerm: (p) => `The invoice has no ${p.term}, which every invoice must have.`,
  format: (p) => `A value is not written as its term's type requires: ${p.value}.`,
  lineSum: (p) => `The sum of the line net amounts (BT-131) is ${p.lines}, BT-106 says ${p.header}.`,
  taxBasis: (p) => `BT-106 − BT-107 + BT-108 is ${p.expected}, the total without VAT (BT-109) ${p.found}.`,
  vatSum: (p) => `The VAT of the categories (BT-117) adds up to ${p.categories}, BT-110 says ${p.total}.`,
  grandTotal: (p) => `BT-109 + BT-110 is ${p.expected}, the total with VAT (BT-112) ${p.found}.`,
  dueAmount: (p) => `BT-112 − BT-113 + BT-114 is ${p.expected}, the amount due (BT-115) ${p.found}.`,
  categoryTax: (p) => `VAT category S at ${p.rate} %: ${p.taxable} × ${p.rate} % is ${p.expected}, BT-117 says ${p.found}.`,
  pdfNumber: (p) => `The PDF's text does not show the invoice number ${p.number} its XML states.`,
  pdfTotal: (p) => `The PDF's text does not show the total ${p.total} its XML states.`,
} satisfies Record<string, (p: Record<string, string | number>) => string>;
export type CheckKey = keyof typeof TEXT;
/** each check's English message for its parameters (tests hold the portal's English messages to it) */
export const checkText = (key: CheckKey, params: Record<string, string | number>) => TEXT[key](params);
export const CHECK_KEYS = Object.keys(TEXT) as CheckKey[];

const warning = (rule: string, key: CheckKey, params: Record<string, string | number> = {}): EInvoiceWarning => ({
  rule,
  message: TEXT[key](params),
  key,
  params,
});

/** amounts agree to the cent (the rules' amounts have two decimals; rounding of each line is allowed for) */
const CENT = 0.005;
const num = (values: TermValues, term: Term) => (typeof values[term] === "number" ? (values[term] as number) : undefined);
const money = (n: number) => n.toFixed(2);
const sum = (rows: TermValues[], term: Term) => rows.reduce((total, row) => total + (num(row, term) ?? 0), 0);

const REQUIRED: [string, Term][] = [
  ["BR-02", "BT-1"],
  ["BR-03", "BT-2"],
  ["BR-04", "BT-3"],
  ["BR-05", "BT-5"],
  ["BR-06", "BT-27"],
  ["BR-07", "BT-44"],
  ["BR-14", "BT-112"],
];

export function checkEInvoice(invoice: ReadEInvoice): EInvoiceWarning[] {
  const warnings: EInvoiceWarning[] = [];
  const f = invoice.fields;
  const warn = (rule: string, key: CheckKey, params?: Record<string, string | number>) =>
    warnings.push(warning(rule, key, params));
  if (f["BT-24"] === undefined) warn("BR-01", "missingSpec");
  else if (!invoice.profile) warn("EINV-PROFILE", "unknownSpec", { id: String(f["BT-24"]) });
  for (const [rule, term] of REQUIRED) if (f[term] === undefined) warn(rule, "missingTerm", { term });
  for (const raw of invoice.unreadable) warn("EINV-FORMAT", "format", { value: raw });
  // MINIMUM and BASIC WL carry no lines: the line rules apply where lines are given
  const lineNet = num(f, "BT-106");
  if (lineNet !== undefined && invoice.lines.length > 0) {
    const lines = sum(invoice.lines, "BT-131");
    if (Math.abs(lines - lineNet) > CENT) warn("BR-CO-10", "lineSum", { lines: money(lines), header: money(lineNet) });
  }
  const basis = num(f, "BT-109");
  if (basis !== undefined && lineNet !== undefined) {
    const expected = lineNet - (num(f, "BT-107") ?? 0) + (num(f, "BT-108") ?? 0);
    if (Math.abs(expected - basis) > CENT) warn("BR-CO-13", "taxBasis", { expected: money(expected), found: money(basis) });
  }
  const vat = num(f, "BT-110");
  if (vat !== undefined && invoice.vatBreakdown.length > 0) {
    const categories = sum(invoice.vatBreakdown, "BT-117");
    if (Math.abs(categories - vat) > CENT) warn("BR-CO-14", "vatSum", { categories: money(categories), total: money(vat) });
  }
  const grand = num(f, "BT-112");
  if (grand !== undefined && basis !== undefined) {
    const expected = basis + (vat ?? 0);
    if (Math.abs(expected - grand) > CENT) warn("BR-CO-15", "grandTotal", { expected: money(expected), found: money(grand) });
  }
  const due = num(f, "BT-115");
  // MINIMUM carries no paid amount (BT-113): its amount due may differ from the total without one
  if (due !== undefined && grand !== undefined && invoice.profile !== "MINIMUM") {
    const expected = grand - (num(f, "BT-113") ?? 0) + (num(f, "BT-114") ?? 0);
    if (Math.abs(expected - due) > CENT) warn("BR-CO-16", "dueAmount", { expected: money(expected), found: money(due) });
  }
  for (const row of invoice.vatBreakdown) {
    const [taxable, tax, rate] = [num(row, "BT-116"), num(row, "BT-117"), num(row, "BT-119")];
    if (row["BT-118"] !== "S" || taxable === undefined || tax === undefined || rate === undefined) continue;
    const expected = Math.round(taxable * rate) / 100;
    if (Math.abs(expected - tax) > 0.01 + 1e-9)
      warn("BR-S-09", "categoryTax", { rate, taxable: money(taxable), expected: money(expected), found: money(tax) });
  }
  return warnings;
}

/**
 * Where a PDF's visible text disagrees with its XML: the invoice number (BT-1) not shown, or the grand total (BT-112)
 * shown in no way it may be written (1234.56, 1,234.56, 1.234,56, 1 234,56, 1234,56).
 */
export function checkAgainstText(invoice: ReadEInvoice, text: string): EInvoiceWarning[] {
  const warnings: EInvoiceWarning[] = [];
  const flat = text.replace(/\s+/g, " ");
  const number = invoice.fields["BT-1"];
  if (typeof number === "string" && number !== "" && !flat.includes(number))
    warnings.push(warning("EINV-PDF-BT-1", "pdfNumber", { number }));
  const grand = num(invoice.fields, "BT-112");
  if (grand !== undefined && !amountForms(grand).some((form) => flat.includes(form)))
    warnings.push(warning("EINV-PDF-BT-112", "pdfTotal", { total: money(grand) }));
  return warnings;
}

function amountForms(n: number): string[] {
  const [whole = "0", cents = "00"] = Math.abs(n).toFixed(2).split(".");
  const grouped = (sep: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [
    ...new Set([
      `${whole}.${cents}`,
      `${whole},${cents}`,
      `${grouped(",")}.${cents}`,
      `${grouped(".")},${cents}`,
      `${grouped(" ")},${cents}`,
      `${grouped("'")}.${cents}`,
    ]),
  ];
}

// `npm run bench:einvoice` (issue 25): every public e-invoice here, read by the service and by an independent reader
// written for this bench (XPath over the raw XML with @xmldom/xmldom and xpath; a PDF's XML taken out by pdf.js, not
// PDFium), compared term by term. Documents: SHARED_CORPUS_DIR (default ../shared/corpus): xrechnung/standard and
// xrechnung/extension (XRechnung's test suite, UBL and CII), and every PDF of bench/pdf-text, extra/invoice and
// extra/pdf with an embedded invoice XML (ZUGFeRD 1 and 2, Factur-X). Per document: the terms the independent reader
// finds (document level, each line, each VAT row), how many the service gives equal, crashes; the time of the
// e-invoice reading (the XML taken out, parsed, mapped, checked) against the time of reading the same PDF's text.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DOMParser } from "@xmldom/xmldom";
import { definePDFJSModule, getDocumentProxy } from "unpdf";
import * as xpath from "xpath";
import { readEInvoiceText } from "@/lib/processing/einvoice";
import { extractText, terminatePdfReaders } from "@/lib/processing/extract-text";
import { readPdfiumInReader } from "@/lib/processing/pdf-readers";
import { printTable } from "./invoice2data";

const root = path.resolve(import.meta.dirname, "..");
const corpus = path.resolve(root, process.env.SHARED_CORPUS_DIR ?? "../shared/corpus");
const only = (dir: string, ext: string) => {
  try {
    return readdirSync(path.join(corpus, dir))
      .filter((f) => f.endsWith(ext))
      .map((f) => path.join(dir, f));
  } catch {
    return [];
  }
};
const xmlFiles = [...only("xrechnung/standard", ".xml"), ...only("xrechnung/extension", ".xml")];
const pdfFiles = [...only("bench/pdf-text", ".pdf"), ...only("extra/invoice", ".pdf"), ...only("extra/pdf", ".pdf")];
if (xmlFiles.length + pdfFiles.length === 0) {
  console.error(`bench:einvoice: no documents under ${corpus} (xrechnung/, bench/pdf-text/, extra/): see its README.md`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------------------
// the independent reader: XPath by local names over the raw XML

const L = (p: string) =>
  p
    .split("/")
    .map((step) => {
      const [name, predicate] = step.split("[");
      return `*[local-name()='${name}']${predicate ? `[${predicate}` : ""}`;
    })
    .join("/");
type Paths = Record<string, string>;
const CII: Paths = {
  "BT-1": "ExchangedDocument/ID",
  "BT-2": "ExchangedDocument/IssueDateTime/DateTimeString",
  "BT-3": "ExchangedDocument/TypeCode",
  "BT-5": "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/InvoiceCurrencyCode",
  "BT-9": "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString",
  "BT-10": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/BuyerReference",
  "BT-13": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/BuyerOrderReferencedDocument/IssuerAssignedID",
  "BT-24": "ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID",
  "BT-27": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/Name",
  "BT-31":
    "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/SpecifiedTaxRegistration/ID[@schemeID='VA']",
  "BT-37": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/PostalTradeAddress/CityName",
  "BT-38": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/PostalTradeAddress/PostcodeCode",
  "BT-40": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/SellerTradeParty/PostalTradeAddress/CountryID",
  "BT-44": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/BuyerTradeParty/Name",
  "BT-48":
    "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/BuyerTradeParty/SpecifiedTaxRegistration/ID[@schemeID='VA']",
  "BT-52": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/BuyerTradeParty/PostalTradeAddress/CityName",
  "BT-55": "SupplyChainTradeTransaction/ApplicableHeaderTradeAgreement/BuyerTradeParty/PostalTradeAddress/CountryID",
  "BT-81": "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans/TypeCode",
  "BT-84":
    "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementPaymentMeans/PayeePartyCreditorFinancialAccount/IBANID",
  "BT-106":
    "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/LineTotalAmount",
  "BT-109":
    "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/TaxBasisTotalAmount",
  "BT-112":
    "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/GrandTotalAmount",
  "BT-115":
    "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/SpecifiedTradeSettlementHeaderMonetarySummation/DuePayableAmount",
};
const CII_LINE: Paths = {
  "BT-126": "AssociatedDocumentLineDocument/LineID",
  "BT-129": "SpecifiedLineTradeDelivery/BilledQuantity",
  "BT-131": "SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount",
  "BT-146": "SpecifiedLineTradeAgreement/NetPriceProductTradePrice/ChargeAmount",
  "BT-153": "SpecifiedTradeProduct/Name",
};
const CII_VAT: Paths = {
  "BT-116": "BasisAmount",
  "BT-117": "CalculatedAmount",
  "BT-118": "CategoryCode",
  "BT-119": "RateApplicablePercent",
};
/** ZUGFeRD 1 (and its release candidate): the CII names of its own schema */
const ZF1: Paths = {
  "BT-1": "HeaderExchangedDocument/ID",
  "BT-2": "HeaderExchangedDocument/IssueDateTime",
  "BT-3": "HeaderExchangedDocument/TypeCode",
  "BT-5": "SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/InvoiceCurrencyCode",
  "BT-27": "SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeAgreement/SellerTradeParty/Name",
  "BT-44": "SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeAgreement/BuyerTradeParty/Name",
  "BT-106":
    "SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/SpecifiedTradeSettlementMonetarySummation/LineTotalAmount",
  "BT-109":
    "SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/SpecifiedTradeSettlementMonetarySummation/TaxBasisTotalAmount",
  "BT-112":
    "SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/SpecifiedTradeSettlementMonetarySummation/GrandTotalAmount",
  "BT-115":
    "SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/SpecifiedTradeSettlementMonetarySummation/DuePayableAmount",
};
const ZF1_LINE: Paths = {
  "BT-126": "AssociatedDocumentLineDocument/LineID",
  "BT-129": "SpecifiedSupplyChainTradeDelivery/BilledQuantity",
  "BT-131": "SpecifiedSupplyChainTradeSettlement/SpecifiedTradeSettlementMonetarySummation/LineTotalAmount",
  "BT-153": "SpecifiedTradeProduct/Name",
};
const ZF1_VAT: Paths = {
  "BT-116": "BasisAmount",
  "BT-117": "CalculatedAmount",
  "BT-118": "CategoryCode",
  "BT-119": "ApplicablePercent",
};
const UBL: Paths = {
  "BT-1": "ID",
  "BT-2": "IssueDate",
  "BT-5": "DocumentCurrencyCode",
  "BT-10": "BuyerReference",
  "BT-13": "OrderReference/ID",
  "BT-24": "CustomizationID",
  "BT-27": "AccountingSupplierParty/Party/PartyLegalEntity/RegistrationName",
  "BT-37": "AccountingSupplierParty/Party/PostalAddress/CityName",
  "BT-38": "AccountingSupplierParty/Party/PostalAddress/PostalZone",
  "BT-40": "AccountingSupplierParty/Party/PostalAddress/Country/IdentificationCode",
  "BT-44": "AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName",
  "BT-52": "AccountingCustomerParty/Party/PostalAddress/CityName",
  "BT-55": "AccountingCustomerParty/Party/PostalAddress/Country/IdentificationCode",
  "BT-81": "PaymentMeans/PaymentMeansCode",
  "BT-84": "PaymentMeans/PayeeFinancialAccount/ID",
  "BT-106": "LegalMonetaryTotal/LineExtensionAmount",
  "BT-109": "LegalMonetaryTotal/TaxExclusiveAmount",
  "BT-112": "LegalMonetaryTotal/TaxInclusiveAmount",
  "BT-115": "LegalMonetaryTotal/PayableAmount",
};
const UBL_LINE: Paths = {
  "BT-126": "ID",
  "BT-131": "LineExtensionAmount",
  "BT-146": "Price/PriceAmount",
  "BT-153": "Item/Name",
};
const UBL_VAT: Paths = {
  "BT-116": "TaxableAmount",
  "BT-117": "TaxAmount",
  "BT-118": "TaxCategory/ID",
  "BT-119": "TaxCategory/Percent",
};

type Reading = { fields: Record<string, string>; lines: Record<string, string>[]; vat: Record<string, string>[] };

function independent(xml: string): Reading | null {
  const doc = new DOMParser().parseFromString(xml, "text/xml");
  // xmldom's nodes are the DOM's as far as xpath reads them
  const top = doc.documentElement as unknown as Node & { localName: string; namespaceURI: string | null };
  if (!top) return null;
  const name = top.localName;
  const [head, line, vat, linePath, vatPath] =
    name === "CrossIndustryInvoice"
      ? [
          CII,
          CII_LINE,
          CII_VAT,
          "SupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem",
          "SupplyChainTradeTransaction/ApplicableHeaderTradeSettlement/ApplicableTradeTax",
        ]
      : name === "CrossIndustryDocument" || (name === "Invoice" && top.namespaceURI?.includes("CBFBUY"))
        ? [
            ZF1,
            ZF1_LINE,
            ZF1_VAT,
            "SpecifiedSupplyChainTradeTransaction/IncludedSupplyChainTradeLineItem",
            "SpecifiedSupplyChainTradeTransaction/ApplicableSupplyChainTradeSettlement/ApplicableTradeTax",
          ]
        : name === "Invoice" || name === "CreditNote"
          ? [UBL, UBL_LINE, UBL_VAT, name === "Invoice" ? "InvoiceLine" : "CreditNoteLine", "TaxTotal/TaxSubtotal"]
          : [undefined, undefined, undefined, "", ""];
  if (!head || !line || !vat) return null;
  const text = (node: Node, p: string) => {
    const found = xpath.select(`string(${L(p)})`, node);
    return typeof found === "string" ? found.trim() : "";
  };
  const read = (node: Node, paths: Paths) => {
    const out: Record<string, string> = {};
    for (const [term, p] of Object.entries(paths)) {
      const value = text(node, p);
      if (value !== "") out[term] = value;
    }
    return out;
  };
  const rows = (p: string, paths: Paths) => (xpath.select(L(p), top) as Node[]).map((node) => read(node, paths));
  const fields = read(top, head);
  if (name === "Invoice" && !top.namespaceURI?.includes("CBFBUY")) {
    const code = text(top, "InvoiceTypeCode");
    if (code) fields["BT-3"] = code;
  }
  if (name === "CreditNote") {
    const code = text(top, "CreditNoteTypeCode");
    if (code) fields["BT-3"] = code;
  }
  return { fields, lines: rows(linePath, line), vat: rows(vatPath, vat) };
}

const DATES = new Set(["BT-2", "BT-9"]);
/** the independent reader's raw text against the service's value: numbers as numbers, CII's dates as YYYY-MM-DD */
function same(term: string, raw: string, ours: unknown): boolean {
  if (ours === undefined) return false;
  if (typeof ours === "number") return Math.abs(Number(raw) - ours) < 1e-9;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(raw);
  if (compact && DATES.has(term)) return ours === `${compact[1]}-${compact[2]}-${compact[3]}`;
  return String(ours) === raw;
}

// ---------------------------------------------------------------------------------------------------------------

await definePDFJSModule(() => import("pdfjs-dist/legacy/build/pdf.mjs"));

/** the invoice XML among a PDF's attachments, as pdf.js gives them */
async function pdfjsXml(bytes: Uint8Array): Promise<string | null> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const attachments = ((await pdf.getAttachments()) ?? {}) as Record<string, { content: Uint8Array }>;
    for (const a of Object.values(attachments)) {
      const text = new TextDecoder().decode(a.content);
      if (/<(\w+:)?(CrossIndustryInvoice|CrossIndustryDocument|Invoice|CreditNote)[\s>]/.test(text)) return text;
    }
    return null;
  } finally {
    await pdf.destroy();
  }
}

type Row = { file: string; syntax: string; terms: number; equal: number; crash?: string; oursMs: number; textMs?: number };
const rows: Row[] = [];
const missed: string[] = [];

function compare(file: string, xml: string, ours: ReturnType<typeof readEInvoiceText>, oursMs: number, textMs?: number) {
  const theirs = independent(xml);
  if (!theirs) return;
  let terms = 0;
  let equal = 0;
  const check = (where: string, expected: Record<string, string>, got: Record<string, unknown> | undefined) => {
    for (const [term, raw] of Object.entries(expected)) {
      terms++;
      if (same(term, raw, got?.[term])) equal++;
      else missed.push(`${file} ${where}${term}: "${raw}" ≠ ${JSON.stringify(got?.[term])}`);
    }
  };
  check("", theirs.fields, ours?.fields);
  theirs.lines.forEach((line, i) => {
    check(`line ${i + 1} `, line, ours?.lines[i]);
  });
  theirs.vat.forEach((row, i) => {
    check(`VAT ${i + 1} `, row, ours?.vatBreakdown[i]);
  });
  rows.push({ file, syntax: `${ours?.syntax ?? "?"} ${ours?.profile ?? ""}`.trim(), terms, equal, oursMs, textMs });
}

for (const file of xmlFiles) {
  const xml = readFileSync(path.join(corpus, file), "utf8");
  const start = performance.now();
  try {
    const ours = readEInvoiceText(xml);
    compare(file, xml, ours, performance.now() - start);
  } catch (error) {
    rows.push({ file, syntax: "?", terms: 0, equal: 0, crash: String(error), oursMs: 0 });
  }
}

for (const file of pdfFiles) {
  const bytes = new Uint8Array(readFileSync(path.join(corpus, file)));
  if (!Buffer.from(bytes).includes("/EmbeddedFile")) continue;
  const xml = await pdfjsXml(bytes).catch(() => null);
  if (!xml) continue;
  try {
    // the PDF's text, as any PDF is read (warm: the second reading is timed)
    await extractText(bytes, "pdf");
    let start = performance.now();
    await extractText(bytes, "pdf");
    const textMs = performance.now() - start;
    // the e-invoice part: the attachments taken out by PDFium in a reader, the XML read and checked
    start = performance.now();
    const pdfium = await readPdfiumInReader(bytes, { pages: [], attachments: true, memoryBytes: 2 ** 30 });
    let ours: ReturnType<typeof readEInvoiceText> = null;
    for (const a of pdfium?.attachments ?? []) {
      ours = readEInvoiceText(new TextDecoder().decode(a.bytes), a.name);
      if (ours) break;
    }
    compare(file, xml, ours, performance.now() - start, textMs);
  } catch (error) {
    rows.push({ file, syntax: "?", terms: 0, equal: 0, crash: String(error), oursMs: 0 });
  }
}
terminatePdfReaders();

const sum = (f: (r: Row) => number, list = rows) => list.reduce((n, r) => n + f(r), 0);
const pdfRows = rows.filter((r) => r.textMs !== undefined);
const xmlRows = rows.filter((r) => r.textMs === undefined);
const bySyntax = new Map<string, Row[]>();
for (const r of rows) bySyntax.set(r.syntax, [...(bySyntax.get(r.syntax) ?? []), r]);
console.log(`\nbench:einvoice: ${rows.length} e-invoices (${xmlRows.length} XML, ${pdfRows.length} PDF) from ${corpus}\n`);
printTable(
  ["syntax and profile", "documents", "terms (independent reader)", "equal", "share"],
  [...bySyntax].map(([syntax, list]) => [
    syntax,
    String(list.length),
    String(sum((r) => r.terms, list)),
    String(sum((r) => r.equal, list)),
    (
      sum((r) => r.equal, list) /
      Math.max(
        1,
        sum((r) => r.terms, list),
      )
    ).toFixed(4),
  ]),
);
const terms = sum((r) => r.terms);
const equal = sum((r) => r.equal);
console.log(
  `\nall: ${equal} of ${terms} terms equal (${((100 * equal) / Math.max(1, terms)).toFixed(2)} %); crashes: ${rows.filter((r) => r.crash).length}`,
);
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `time per PDF (median): e-invoice ${median(pdfRows.map((r) => r.oursMs)).toFixed(1)} ms, the same PDF's text ${median(pdfRows.map((r) => r.textMs ?? 0)).toFixed(1)} ms; ` +
    `slower than its text: ${pdfRows.filter((r) => r.oursMs > (r.textMs ?? 0)).length} of ${pdfRows.length}; per XML (median) ${median(xmlRows.map((r) => r.oursMs)).toFixed(2)} ms`,
);
for (const r of rows.filter((r) => r.crash)) console.log(`crash: ${r.file}: ${r.crash}`);
for (const m of missed.slice(0, 40)) console.log(`differs: ${m}`);

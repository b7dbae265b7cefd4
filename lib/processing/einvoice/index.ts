import { decodeTextBytes } from "../detect";
import { checkAgainstText, checkEInvoice, type EInvoiceWarning } from "./checks";
import { type ReadEInvoice, readEInvoiceXml, type Syntax, syntaxOf } from "./read";
import type { TermValues } from "./terms";
import { MAX_XML_BYTES, parseXml, XmlError } from "./xml";

export { EINVOICE_COUNTERS, type EInvoiceCounter, type EInvoiceCounts, einvoiceCounts } from "./counts";

/**
 * E-invoices (issue 25, docs/decisions.md "E-invoices"): the structured data of an invoice in the EN 16931 model, in
 * the CII or UBL syntax, posted as an XML document or embedded in a PDF (ZUGFeRD, Factur-X). Told by content, never
 * by file name: the XML's root element and namespace.
 */

/** result.json's `einvoice` of a document */
export type EInvoice = {
  syntax: Syntax;
  profile: string | null;
  version: string | null;
  /** the embedded file it was read from (a PDF's attachment), absent for an XML document */
  file?: string;
  fields: TermValues;
  lines: TermValues[];
  vatBreakdown: TermValues[];
  warnings: EInvoiceWarning[];
};

/** the namespaces of the roots read here: an XML naming none of them is no e-invoice and is not parsed as one */
const E_INVOICE_NAMESPACES = [
  "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
  "urn:ferd:CrossIndustryDocument:invoice:1p0",
  "urn:un:unece:uncefact:data:standard:CBFBUY:5",
  "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
  "urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2",
];

/** thrown for XML that names an e-invoice's namespace but cannot be read as one (broken, oversized, hostile) */
export class EInvoiceError extends Error {}

/** Whether the text may be an e-invoice: it names the namespace of one of the syntaxes. */
export function mayBeEInvoice(text: string): boolean {
  return E_INVOICE_NAMESPACES.some((ns) => text.includes(ns));
}

/**
 * The e-invoice in an XML text, or null when it is none. EInvoiceError when it names an e-invoice's namespace but is
 * larger than MAX_XML_BYTES, declares a document type (the way to external or expanding entities) or is not
 * well-formed.
 */
export function readEInvoiceText(text: string, file?: string): EInvoice | null {
  if (!mayBeEInvoice(text)) return null;
  if (text.length > MAX_XML_BYTES)
    throw new EInvoiceError(`The XML is larger than the ${MAX_XML_BYTES / 2 ** 20} MB an e-invoice may have.`);
  let root: ReturnType<typeof parseXml>;
  try {
    root = parseXml(text);
  } catch (error) {
    if (error instanceof XmlError) throw new EInvoiceError(error.message);
    throw error;
  }
  if (!syntaxOf(root)) return null;
  const read = readEInvoiceXml(root);
  return { ...shape(read), ...(file ? { file } : {}), warnings: checkEInvoice(read) };
}

const shape = (read: ReadEInvoice) => ({
  syntax: read.syntax,
  profile: read.profile,
  version: read.version,
  fields: read.fields,
  lines: read.lines,
  vatBreakdown: read.vatBreakdown,
});

/**
 * The e-invoice among a PDF's XML attachments (the first that is one), with the checks against the PDF's visible text;
 * an attachment that names an e-invoice's namespace but cannot be read is a warning of the PDF (its text is read as
 * any PDF's), returned as `unreadable`.
 */
export function einvoiceOfAttachments(
  attachments: readonly { name: string; bytes: Uint8Array }[],
  visibleText: string,
): { einvoice: EInvoice | null; unreadable: { file: string; reason: string }[] } {
  const unreadable: { file: string; reason: string }[] = [];
  for (const attachment of attachments) {
    const text = decodeTextBytes(attachment.bytes, true);
    if (text === undefined) continue;
    try {
      const einvoice = readEInvoiceText(text, attachment.name);
      if (!einvoice) continue;
      einvoice.warnings.push(...checkAgainstText({ ...einvoice, unreadable: [] }, visibleText));
      return { einvoice, unreadable };
    } catch (error) {
      if (!(error instanceof EInvoiceError)) throw error;
      unreadable.push({ file: attachment.name, reason: error.message });
    }
  }
  return { einvoice: null, unreadable };
}

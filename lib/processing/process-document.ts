import { type ClassRule, classifyWithLearned, compilePattern, type LearnedMatcher, patternFlags } from "./classify";
import { type DocumentType, detectType } from "./detect";
import { type EInvoice, EInvoiceError, einvoiceOfAttachments, mayBeEInvoice, readEInvoiceText } from "./einvoice";
import { DocumentProcessingError } from "./errors";
import { type ExtractionMethod, extractText } from "./extract-text";
import { extractFieldsWithLookups, type FieldRule, type FieldValue, type LookupSets, type Unnormalised } from "./fields";
import { extractLines, type LineRow, type LinesRule } from "./lines";
import type { PdfPageWarning } from "./pdf";

/** a project's document class as project.json has it (DESIGN.md "Project file") */
export type DocumentClassDefinition = ClassRule & {
  fields?: readonly FieldRule[];
  lines?: LinesRule;
  /** rewrites of the texts before the class's fields and line items are read, in order (`with`: $1, $<name>) */
  replace?: readonly { pattern: string; with: string }[];
};

/** the texts with a class's rewrites applied, every match of each pattern in turn (flags giu, as the class's patterns) */
export function rewritten(
  texts: { reading: string; layout: string },
  replace: DocumentClassDefinition["replace"],
  caseSensitive?: boolean,
) {
  if (!replace?.length) return texts;
  const flags = patternFlags("g", caseSensitive);
  const apply = (text: string) =>
    replace.reduce((out, r) => out.replace(compilePattern(r.pattern, flags, "a rewrite"), r.with), text.normalize("NFC"));
  return { reading: apply(texts.reading), layout: apply(texts.layout) };
}

export type ProcessDocumentInput = {
  fileName: string;
  bytes: Uint8Array;
  /** `learned`: the learned classes of a project linked to a learn project (lib/learn/export/classifier.ts) */
  project: { documentClasses: readonly DocumentClassDefinition[]; learned?: LearnedMatcher };
  /** the lookup resources of the project's fields, resolved by the caller (lib/resources resolveResource) */
  lookups?: LookupSets;
  /** tesseract language codes for images and scanned pages (default eng + deu): the project's `OcrLanguages` */
  ocrLanguages?: readonly string[];
  /** the project's property `OcrImages`: images of pages with a text layer are read by OCR too */
  ocrImages?: boolean;
  /** the document's time limit (DocumentTimeout) */
  signal?: AbortSignal;
  /** the document's memory limit (DocumentTooLarge), worker configuration documentMemoryMegabytes */
  memoryMegabytes?: number;
};

/** one document's entry of result.json, plus its text (a work file) and how it was read */
export type ProcessedDocument = {
  file: string;
  type: DocumentType;
  pages: number;
  /** the reading-order text and the layout text (work files; docs/decisions.md "Layout text") */
  text: string;
  layoutText: string;
  className: string;
  confidence: number;
  /** the winning class's fields ({} for "Unknown") */
  fields: Record<string, FieldValue>;
  /** fields emptied because their lookup resource does not list the value */
  lookupMisses: string[];
  /** the winning class's line items (issue 24 §3); absent when it defines none */
  lines?: LineRow[];
  /** dates and amounts of fields with a locale, dateFormats or decimalSeparator that could not be read (left null); absent when none */
  unnormalised?: Unnormalised[];
  method: ExtractionMethod;
  /** pages read by OCR and, of them, turned upright first */
  ocrPages: number;
  turnedPages: number;
  /** pages that could not be read (left empty, the others kept) */
  warnings: PdfPageWarning[];
  /** the e-invoice the document carries (an XML document, a PDF's embedded XML; issue 25); absent when none */
  einvoice?: EInvoice;
  /** a PDF's embedded files that name an e-invoice's namespace but could not be read as one */
  einvoiceUnreadable?: { file: string; reason: string }[];
};

/**
 * DESIGN.md "Processing a job" for one order file: type from the bytes, text (PDF text layer, OCR or
 * the text itself), class, and the fields of that class. Throws DocumentProcessingError for a file
 * that cannot be read and InvalidPatternError for a project pattern that does not compile.
 */
export async function processDocument(input: ProcessDocumentInput): Promise<ProcessedDocument> {
  const { fileName, bytes, project } = input;
  const type = detectType(bytes, fileName);
  const extracted = await extractText(bytes, type, {
    ocrLanguages: input.ocrLanguages,
    ocrImages: input.ocrImages,
    signal: input.signal,
    memoryMegabytes: input.memoryMegabytes,
  });
  const { einvoice, unreadable } = einvoiceOf(type, extracted);
  const { className, confidence } = classifyWithLearned(extracted.text, project.documentClasses, project.learned, {
    einvoice: einvoice !== null,
  });
  // no class won (confidence 0): no fields, even if a class happens to be named "Unknown"
  const winner = confidence > 0 ? project.documentClasses.filter((c) => c.name === className) : [];
  // a class's caseSensitive holds for its fields and line items too
  const fieldRules = winner.flatMap((c) => (c.fields ?? []).map((f) => (c.caseSensitive ? { ...f, caseSensitive: true } : f)));
  // classification reads the reading-order text as before; each field the text it names (fields.ts FieldRule.text)
  // the winner's rewrites (a class defined twice: all of them, in order) change what its fields and lines read
  const texts = rewritten(
    { reading: extracted.text, layout: extracted.layoutText },
    winner.flatMap((c) => c.replace ?? []),
    winner.some((c) => c.caseSensitive),
  );
  const { fields, lookupMisses, unnormalised } = extractFieldsWithLookups(texts, fieldRules, input.lookups);
  if (einvoice) fromEInvoice(fields, fieldRules, einvoice);
  // a class defined twice: the first definition with line items
  const withLines = winner.find((c) => c.lines);
  const linesRule = withLines?.lines && (withLines.caseSensitive ? { ...withLines.lines, caseSensitive: true } : withLines.lines);
  return {
    file: fileName,
    type,
    pages: extracted.pages,
    text: extracted.text,
    layoutText: extracted.layoutText,
    className,
    confidence,
    fields,
    lookupMisses,
    ...(linesRule ? { lines: extractLines(texts, linesRule) } : {}),
    ...(unnormalised ? { unnormalised } : {}),
    method: extracted.method,
    ocrPages: extracted.ocrPages,
    turnedPages: extracted.turnedPages,
    warnings: extracted.warnings,
    ...(einvoice ? { einvoice } : {}),
    ...(unreadable.length ? { einvoiceUnreadable: unreadable } : {}),
  };
}

/**
 * The e-invoice a document carries: an XML document that is one (InvalidEInvoice when it names an e-invoice's namespace
 * but cannot be read: broken, oversized, a DOCTYPE), or the first of a PDF's embedded XML files that is one.
 */
function einvoiceOf(
  type: DocumentType,
  extracted: { text: string; attachments?: { name: string; bytes: Uint8Array }[] },
): { einvoice: EInvoice | null; unreadable: { file: string; reason: string }[] } {
  if (type === "text" && mayBeEInvoice(extracted.text)) {
    try {
      return { einvoice: readEInvoiceText(extracted.text), unreadable: [] };
    } catch (error) {
      if (!(error instanceof EInvoiceError)) throw error;
      throw new DocumentProcessingError("InvalidEInvoice", `The e-invoice could not be read: ${error.message}`, {
        params: { reason: error.message },
      });
    }
  }
  if (type === "pdf" && extracted.attachments?.length) return einvoiceOfAttachments(extracted.attachments, extracted.text);
  return { einvoice: null, unreadable: [] };
}

/**
 * The fields with a `source` take their business term's value from the e-invoice where it has one (issue 25): an
 * amount, number or date as the term has it, text as text; a term the e-invoice lacks leaves the pattern's value.
 */
function fromEInvoice(fields: Record<string, FieldValue>, rules: readonly FieldRule[], einvoice: EInvoice): void {
  for (const rule of rules) {
    if (!rule.source) continue;
    const value = (einvoice.fields as Record<string, string | number | undefined>)[rule.source];
    if (value === undefined) continue;
    const numeric = rule.type === "amount" || rule.type === "number";
    fields[rule.name] = numeric
      ? typeof value === "number"
        ? value
        : Number.isFinite(Number(value))
          ? Number(value)
          : null
      : String(value);
  }
}

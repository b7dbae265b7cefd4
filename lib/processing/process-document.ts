import { type ClassRule, classifyWithLearned, type LearnedMatcher } from "./classify";
import { type DocumentType, detectType } from "./detect";
import { type ExtractionMethod, extractText } from "./extract-text";
import { extractFieldsWithLookups, type FieldRule, type FieldValue, type LookupSets } from "./fields";
import type { PdfPageWarning } from "./pdf";

/** a project's document class as project.json has it (DESIGN.md "Project file") */
export type DocumentClassDefinition = ClassRule & { fields?: readonly FieldRule[] };

export type ProcessDocumentInput = {
  fileName: string;
  bytes: Uint8Array;
  /** `learned`: the learned classes of a project linked to a learn project (lib/learn/classifier.ts) */
  project: { documentClasses: readonly DocumentClassDefinition[]; learned?: LearnedMatcher };
  /** the lookup resources of the project's fields, resolved by the caller (lib/resources resolveResource) */
  lookups?: LookupSets;
  /** tesseract language codes for images and scanned pages (default eng + deu): the project's `OcrLanguages` */
  ocrLanguages?: readonly string[];
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
  text: string;
  className: string;
  confidence: number;
  /** the winning class's fields ({} for "Unknown") */
  fields: Record<string, FieldValue>;
  /** fields emptied because their lookup resource does not list the value */
  lookupMisses: string[];
  method: ExtractionMethod;
  /** pages read by OCR and, of them, turned upright first */
  ocrPages: number;
  turnedPages: number;
  /** pages that could not be read (left empty, the others kept) */
  warnings: PdfPageWarning[];
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
    signal: input.signal,
    memoryMegabytes: input.memoryMegabytes,
  });
  const { className, confidence } = classifyWithLearned(extracted.text, project.documentClasses, project.learned);
  // no class won (confidence 0): no fields, even if a class happens to be named "Unknown"
  const winner = confidence > 0 ? project.documentClasses.filter((c) => c.name === className) : [];
  const fieldRules = winner.flatMap((c) => c.fields ?? []);
  const { fields, lookupMisses } = extractFieldsWithLookups(extracted.text, fieldRules, input.lookups);
  return {
    file: fileName,
    type,
    pages: extracted.pages,
    text: extracted.text,
    className,
    confidence,
    fields,
    lookupMisses,
    method: extracted.method,
    ocrPages: extracted.ocrPages,
    turnedPages: extracted.turnedPages,
    warnings: extracted.warnings,
  };
}

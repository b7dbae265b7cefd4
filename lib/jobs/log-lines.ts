/**
 * A job's log lines and errors are kept as a code with parameters (so that the portal says them in the
 * user's language, messages "jobLog" and "jobErrors") and as English text (the REST answer, and the
 * fallback for lines written before codes were kept).
 */
export type LogParams = Record<string, string | number>;

const LINES = {
  JobStarted: (p: LogParams) => `processing started by ${p.worker} (attempt ${p.attempt})`,
  DocumentRead: (p: LogParams) => `${p.file}: ${p.type}, ${p.pages} page(s), class ${p.className} (${p.confidence})`,
  DocumentKept: (p: LogParams) => `${p.file}: ${p.type}, ${p.pages} page(s), kept for learning`,
  PageUnreadable: (p: LogParams) => `${p.file}, page ${p.page}: not readable, left empty (${p.reason})`,
  PageRepaired: (p: LogParams) =>
    `${p.file}, page ${p.page}: damaged, its text read as far as it could be repaired (${p.reason})`,
  PagesRecognised: (p: LogParams) => `${p.file}: ${p.pages} page(s) read by OCR, ${p.turned} of them turned upright`,
  EInvoiceRead: (p: LogParams) =>
    `${p.file}: e-invoice ${p.syntax} ${p.profile}, ${p.terms} business term(s), ${p.lines} line(s)`,
  EInvoiceCheck: (p: LogParams) => `${p.file}: e-invoice check ${p.rule}: ${p.message}`,
  EInvoiceUnreadable: (p: LogParams) =>
    `${p.file}: the embedded ${p.embedded} names an e-invoice but could not be read (${p.reason})`,
  JobReady: (p: LogParams) => `ready: ${p.documents} document(s), ${p.pages} page(s)`,
  JobFailed: (p: LogParams) => `${p.code}: ${p.message}`,
} as const;

export type JobLogCode = keyof typeof LINES;

export function logLineText(code: JobLogCode, params: LogParams): string {
  return LINES[code](params);
}

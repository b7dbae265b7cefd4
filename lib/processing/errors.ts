export type DocumentProcessingErrorCode =
  | "UnsupportedDocumentType"
  | "UnreadableDocument"
  | "PasswordProtected"
  | "ImageTooLarge"
  | "DocumentTooLarge"
  | "DocumentTimeout"
  | "OcrLanguageMissing"
  | "OcrFailed"
  | "InvalidEInvoice";

/** a document that cannot be read; `code` lets the job pipeline map it */
export class DocumentProcessingError extends Error {
  readonly code: DocumentProcessingErrorCode;
  /** parameters of the code's message beyond the file (DocumentTimeout: seconds, DocumentTooLarge: megabytes) */
  readonly params: Record<string, string | number>;

  constructor(
    code: DocumentProcessingErrorCode,
    message: string,
    options?: { cause?: unknown; params?: Record<string, string | number> },
  ) {
    super(message, options);
    this.name = "DocumentProcessingError";
    this.code = code;
    this.params = options?.params ?? {};
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The work, or the signal's abort, whichever comes first: a document past its time limit ends its job even while a
 * part of the work cannot be stopped at once (that part is let run out; OCR threads are ended, lib/processing/ocr.ts).
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    // the work goes on unwatched: its end, a failure included, is nobody's business any more
    work.catch(() => undefined);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

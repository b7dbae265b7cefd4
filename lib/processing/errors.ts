export type DocumentProcessingErrorCode =
  | "UnsupportedDocumentType"
  | "UnreadableDocument"
  | "PasswordProtected"
  | "ImageTooLarge"
  | "OcrLanguageMissing"
  | "OcrFailed";

/** a document that cannot be read; `code` lets the job pipeline map it */
export class DocumentProcessingError extends Error {
  readonly code: DocumentProcessingErrorCode;

  constructor(code: DocumentProcessingErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DocumentProcessingError";
    this.code = code;
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

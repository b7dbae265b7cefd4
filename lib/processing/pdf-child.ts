import { DocumentProcessingError, type DocumentProcessingErrorCode } from "./errors";
import type { ReaderReply, ReaderRequest } from "./pdf-readers";
import { readPdfium, warmUpPdfium } from "./pdfium";
import { readPdfJs, warmUp } from "./pdfjs";

/**
 * A PDF reader process (pdf-readers.ts): reads one PDF at a time with pdf.js and asks its parent to OCR the pages it
 * renders, or reads a PDF's text layers with PDFium. Its memory is watched from outside, so a decompression bomb ends this process, never the worker.
 */

const send = (reply: ReaderReply) => process.send?.(reply);
type OcrAnswer = {
  resolve: (r: { text: string; layout: string; turned: 0 | 90 | 180 | 270 }) => void;
  reject: (e: Error) => void;
};
const ocrAnswers = new Map<number, OcrAnswer>();
let nextOcr = 0;

process.on("message", (message: ReaderRequest) => {
  if (message.kind === "ocr-result") {
    const waiting = ocrAnswers.get(message.ocrId);
    ocrAnswers.delete(message.ocrId);
    if (!waiting) return;
    // as the OCR engine threw it: an unreadable page image is the page's warning, anything else the document's end
    if (message.error)
      waiting.reject(new DocumentProcessingError(message.error.code as DocumentProcessingErrorCode, message.error.message));
    else waiting.resolve({ text: message.text ?? "", layout: message.layout ?? message.text ?? "", turned: message.turned ?? 0 });
    return;
  }
  const failed = (error: unknown) => {
    const e = error as { code?: string; message?: string };
    send({ kind: "failed", error: { code: e.code ?? "UnreadableDocument", message: String(e.message ?? error) } });
  };
  if (message.kind === "read-pdfium") {
    readPdfium(message.bytes, { pages: message.pages, attachments: message.attachments }).then(
      (result) => send({ kind: "pdfium-done", result }),
      failed,
    );
    return;
  }
  readPdfJs(message.bytes, {
    maxRenderPixels: message.maxRenderPixels,
    ocrImages: message.ocrImages,
    pages: message.pages,
    ocr: (image) =>
      new Promise((resolve, reject) => {
        const ocrId = nextOcr++;
        ocrAnswers.set(ocrId, { resolve, reject });
        send({ kind: "ocr", ocrId, grey: image.grey, dpi: image.dpi });
      }),
  }).then((result) => send({ kind: "done", result }), failed);
});

// the worker ended (or was killed): so does its reader
process.on("disconnect", () => process.exit(0));
// ready once pdf.js and PDFium are loaded: a failing warm-up is left to the first document to report
Promise.all([warmUp(), warmUpPdfium()]).then(
  () => send({ kind: "ready" }),
  () => send({ kind: "ready" }),
);

import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * Debian's native tools as faster paths (docs/decisions.md "Native OCR and PDF text"): `tesseract` (tesseract-ocr) for
 * OCR and `pdftotext` (poppler-utils) for PDF text, each used when it is installed and the engine setting allows it.
 * The zero-install default (tesseract.js, pdf.js) never needs them. A tool runs as a process of its own under an
 * address-space limit (the document's memory limit), killed when the document's time runs out.
 */

export type OcrEngine = "wasm" | "native";
/** pdfium: PDFium's text with pdf.js for the pages it leaves; pdfjs: pdf.js alone; native: pdftotext, pdf.js likewise */
export type PdfEngine = "pdfium" | "pdfjs" | "native";
export type EngineChoice<E extends string> = "auto" | E;

const OCR_ENGINES = ["auto", "wasm", "native"] as const;
const PDF_ENGINES = ["auto", "pdfium", "pdfjs", "native"] as const;

function choice<T extends string>(value: string | undefined, allowed: readonly T[], name: string): T {
  const v = (value ?? "auto").trim().toLowerCase() || "auto";
  if ((allowed as readonly string[]).includes(v)) return v as T;
  throw new Error(`${name}=${value} is not one of ${allowed.join(", ")}.`);
}

/** environment OCR_ENGINE: auto (native when `tesseract` is installed with the languages), wasm or native */
export function ocrEngineSetting(): EngineChoice<OcrEngine> {
  return choice(process.env.OCR_ENGINE, OCR_ENGINES, "OCR_ENGINE");
}

/** environment PDF_ENGINE: auto (native when `pdftotext` is installed, else pdfium), pdfium, pdfjs or native */
export function pdfEngineSetting(): EngineChoice<PdfEngine> {
  return choice(process.env.PDF_ENGINE, PDF_ENGINES, "PDF_ENGINE");
}

type Installed = { tesseract: { languages: Set<string> } | undefined; pdftotext: boolean };
let installed: Installed | undefined;

/** What is installed, asked once per process (a few milliseconds): the tools on PATH and tesseract's languages. */
export function nativeTools(): Installed {
  if (installed) return installed;
  const langs = spawnSync("tesseract", ["--list-langs"], { encoding: "utf8", timeout: 10_000 });
  const tesseract =
    langs.status === 0
      ? {
          languages: new Set(
            `${langs.stdout}`
              .split("\n")
              .slice(1)
              .map((l) => l.trim())
              .filter((l) => l !== ""),
          ),
        }
      : undefined;
  const pdftotext = spawnSync("pdftotext", ["-v"], { encoding: "utf8", timeout: 10_000 }).error === undefined;
  installed = { tesseract, pdftotext };
  return installed;
}

/** The OCR engine for these languages: native when chosen or (auto) when tesseract has every one of them. */
export function ocrEngineFor(languages: readonly string[], setting = ocrEngineSetting()): OcrEngine {
  if (setting !== "auto") return setting;
  const tesseract = nativeTools().tesseract;
  return tesseract && languages.every((l) => tesseract.languages.has(l)) ? "native" : "wasm";
}

export function pdfEngineFor(setting = pdfEngineSetting()): PdfEngine {
  if (setting !== "auto") return setting;
  return nativeTools().pdftotext ? "native" : "pdfium";
}

export type ToolResult = { code: number | null; stdout: string; stderr: string };

/** thrown when a tool's output passed `maxOutputBytes` */
export class OutputLimitError extends Error {}

/**
 * Runs a tool with its virtual memory limited (`ulimit -v`: an allocation beyond it fails, the process ends and the
 * worker stays) and killed at the signal's abort. Resolves with any exit code; rejects when the tool cannot start,
 * on abort (the signal's reason), or when its output passes `maxOutputBytes` (OutputLimitError).
 */
export function runTool(
  command: string,
  args: readonly string[],
  options: { signal?: AbortSignal; memoryBytes?: number; maxOutputBytes?: number; env?: Record<string, string> },
): Promise<ToolResult> {
  const limit = options.memoryBytes ? `ulimit -v ${Math.ceil(options.memoryBytes / 1024)} && ` : "";
  return new Promise((resolve, reject) => {
    options.signal?.throwIfAborted();
    execFile(
      "/bin/sh",
      ["-c", `${limit}exec "$0" "$@"`, command, ...args],
      {
        encoding: "utf8",
        maxBuffer: options.maxOutputBytes ?? 256 * 1024 * 1024,
        signal: options.signal,
        killSignal: "SIGKILL",
        env: { ...process.env, ...options.env },
      },
      (error, stdout, stderr) => {
        if (options.signal?.aborted) return reject(options.signal.reason);
        const code = (error as { code?: unknown } | null)?.code;
        if (code === "ERR_CHILD_PROCESS_STDIO_MAXBUFFER")
          return reject(new OutputLimitError(`${command} wrote more than ${options.maxOutputBytes} bytes`));
        if (error && typeof code !== "number" && !(error as { signal?: unknown }).signal) return reject(error);
        resolve({ code: typeof code === "number" ? code : error ? null : 0, stdout, stderr });
      },
    );
  });
}

/** A private temporary directory for one tool run, removed afterwards whatever happened. */
export async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "docservice-native-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

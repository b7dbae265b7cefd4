import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CorpusDoc, corpusDir, type Reading, root } from "./corpus";
import { arg } from "./options";

/** Our side: lib/processing's extractText in a process of its own (ours-child.ts), with the engine settings measured. */

const tmpDir = path.join(root, "bench", ".tmp");

export function oursAll(
  docs: readonly CorpusDoc[],
  engine: string | undefined,
): Promise<{ readings: Map<string, Reading>; wallMs: number }> {
  mkdirSync(tmpDir, { recursive: true });
  const list = path.join(tmpDir, `documents-list-${process.pid}.json`);
  writeFileSync(list, JSON.stringify(docs.map((d) => d.file)));
  const env = { ...process.env, CORPUS_DIR: corpusDir(), LOG_LEVEL: "warn", ...engineEnv(engine) };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "ours-child.ts"), list], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.once("exit", (code) => {
      rmSync(list, { force: true });
      if (code !== 0) return reject(new Error(`our side ended with ${code}`));
      const r = JSON.parse(out.trim().split("\n").pop() ?? "{}") as { wallMs: number; readings: Record<string, Reading> };
      resolve({ wallMs: r.wallMs, readings: new Map(Object.entries(r.readings)) });
    });
  });
}

/**
 * Our engine settings to measure: `--engine=wasm` is the zero-install default (tesseract.js, and PDFium with pdf.js
 * where the code has PDFium, else pdf.js: OCR_ENGINE=wasm, PDF_ENGINE=pdfium or pdfjs), `--engine=native` Debian's
 * tools through lib/processing (both native); without it both when lib/processing has the switches, else its only
 * engine.
 */
export function engines(): (string | undefined)[] {
  const asked = arg("engine");
  if (asked) return [asked];
  return processingSources().includes("OCR_ENGINE") ? ["wasm", "native"] : [undefined];
}
function processingSources(): string {
  return ["ocr.ts", "native.ts", "extract-text.ts", "pdf.ts"]
    .map((f) => path.join(root, "lib", "processing", f))
    .filter(existsSync)
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
}
/** the zero-install PDF engine of the code measured */
const zeroInstallPdf = () => (processingSources().includes('"pdfium"') ? "pdfium" : "pdfjs");
export const engineEnv = (e: string | undefined): Record<string, string> =>
  e === "wasm" ? { OCR_ENGINE: "wasm", PDF_ENGINE: zeroInstallPdf() } : e ? { OCR_ENGINE: e, PDF_ENGINE: e } : {};
export const engineName = (e: string | undefined) =>
  e === "wasm" ? `wasm+${zeroInstallPdf() === "pdfium" ? "PDFium" : "pdf.js"}` : (e ?? "default");

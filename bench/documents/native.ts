import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type CorpusDoc, corpusFile, type DocClass, type Reading } from "./corpus";
import { pool } from "./pool";

/** The native tools' side: pdftotext, pdftoppm + tesseract, as an operator would script them. */

export const LANGUAGES = ["eng", "deu"];
const RENDER_DPI = 300;
export const USABLE_LETTERS = 20; // as lib/processing/pdf.ts: a page with fewer letters in its text layer is read by OCR

export function ensureNativeTools() {
  const missing = () =>
    ["tesseract", "pdftotext", "pdftoppm", "pdfinfo"].filter((t) => spawnSync("which", [t]).status !== 0).length > 0 ||
    !/^deu$/m.test(spawnSync("tesseract", ["--list-langs"], { encoding: "utf8" }).stdout ?? "");
  if (!missing()) return;
  const packages = ["tesseract-ocr", "tesseract-ocr-eng", "tesseract-ocr-deu", "poppler-utils"];
  if (process.getuid?.() !== 0)
    throw new Error(`the native tools are missing: install them with \`sudo apt-get install -y ${packages.join(" ")}\``);
  console.log(`installing ${packages.join(" ")} (apt-get)…`);
  spawnSync("apt-get", ["update"], { stdio: "inherit" });
  const res = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...packages], { stdio: "inherit" });
  if (res.status !== 0 || missing()) throw new Error("apt-get could not install the native tools");
}

// one tesseract thread per process: the bench runs as many processes as cores, as our side runs as many documents
const nativeEnv = { ...process.env, OMP_THREAD_LIMIT: "1" };

export function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env: nativeEnv, maxBuffer: 256 << 20, encoding: "utf8" }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${error.code ?? ""}: ${String(stderr).trim().split("\n").slice(-1)[0] ?? ""}`));
      else resolve(stdout);
    });
  });
}

const letters = (text: string) => (text.match(/\p{L}/gu) ?? []).length;

/**
 * The native tools on one document: pdftotext for a PDF, and for each of its pages with fewer than 20 letters
 * pdftoppm at 300 dpi + tesseract (what an operator would script); tesseract for an image.
 */
async function readNative(file: string, cls: DocClass, scratch: string): Promise<string> {
  if (cls === "image") return run("tesseract", [file, "stdout", "-l", LANGUAGES.join("+")]);
  const text = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
  if (cls !== "pdf-scanned") return text;
  const pages = text.split("\f");
  if (pages.length > 1 && pages.at(-1) === "") pages.pop(); // pdftotext ends every page with a form feed
  for (let i = 0; i < pages.length; i++) {
    if (letters(pages[i] ?? "") >= USABLE_LETTERS) continue;
    const prefix = path.join(scratch, `${path.basename(file)}-${i + 1}`);
    await run("pdftoppm", [
      "-r",
      String(RENDER_DPI),
      "-f",
      String(i + 1),
      "-l",
      String(i + 1),
      "-png",
      "-singlefile",
      file,
      prefix,
    ]);
    pages[i] = await run("tesseract", [`${prefix}.png`, "stdout", "-l", LANGUAGES.join("+")]);
    rmSync(`${prefix}.png`, { force: true });
  }
  return pages.join("\f");
}

export function pageCount(doc: CorpusDoc): number {
  if (doc.class === "image") return 1; // the corpus' TIFFs are single pages
  const info = spawnSync("pdfinfo", [corpusFile(doc.file)], { encoding: "utf8" });
  return Number(/^Pages:\s+(\d+)/m.exec(info.stdout ?? "")?.[1] ?? 0);
}

export async function nativeAll(
  docs: readonly CorpusDoc[],
  lanes: number,
): Promise<{ readings: Map<string, Reading>; wallMs: number }> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-documents-"));
  const readings = new Map<string, Reading>();
  try {
    const wallMs = await pool(docs, lanes, async (doc) => {
      const t = performance.now();
      try {
        const text = await readNative(corpusFile(doc.file), doc.class, scratch);
        readings.set(doc.file, { text, ms: performance.now() - t });
      } catch (error) {
        readings.set(doc.file, { error: (error as Error).message, ms: performance.now() - t });
      }
    });
    return { readings, wallMs };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

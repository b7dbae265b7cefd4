// `npm run bench:engines` (issue 14 §1, docs/decisions.md "Native OCR and PDF text"): our two ways of reading against
// the command-line tools, on the corpus of bench:documents (../shared/corpus/bench or CORPUS_DIR, origin and licence in
// its SOURCES.md; bench/documents/corpus.ts), N documents at once as a worker reads a job's documents (N = cores):
//   OCR       image/*: extractText with OCR_ENGINE wasm and native (orientation by the WASM OSD pool, PSM 3) against
//             `tesseract <file> stdout -l eng+deu --psm 3` in N processes; pages per second per core, and word F1
//             against the published ground truth (<file>.gt.txt)
//   OSD       orientation of one page: the warm WASM OSD pool against `tesseract --psm 0` (a process per page)
//   PDF text  pdf-text/*: extractText with PDF_ENGINE pdfjs (reader processes), pdfium (PDFium, pdf.js for the pages
//             it leaves; the zero-install default) and native (pdftotext, pdf.js likewise), and pdf.js in this process
//             (as before the reader processes), against `pdftotext` in N processes; the quality of each against
//             pdftotext's text and `pdftotext -layout`'s lines
// Three rounds after a warm-up; the median round is reported. Run under `flock /tmp/bench.lock`.
import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { detectType } from "@/lib/processing/detect";
import { extractText, terminateOcr, terminatePdfReaders } from "@/lib/processing/extract-text";
import { detectOrientation, ocrPage } from "@/lib/processing/ocr";
import { readPdfJs } from "@/lib/processing/pdfjs";
import { corpusDir, openCorpus } from "./documents/corpus";
import { wordF1 as caseKeptWordF1 } from "./documents/metrics";

const run = promisify(execFile);
// every file of the corpus there, else a message and exit 1
openCorpus("bench:engines");
const corpus = corpusDir();
const cores = os.availableParallelism();
const ROUNDS = 3;

type Doc = { file: string; bytes: Uint8Array };
const load = (dir: string, keep: (name: string) => boolean): Doc[] =>
  readdirSync(path.join(corpus, dir))
    .filter(keep)
    .sort()
    .map((name) => ({ file: path.join(corpus, dir, name), bytes: new Uint8Array(readFileSync(path.join(corpus, dir, name))) }));

async function lanes<T>(items: readonly T[], work: (item: T) => Promise<number>): Promise<number> {
  let next = 0;
  let pages = 0;
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        const read = await work(item);
        pages += read;
      }
    }),
  );
  return pages;
}

/** pages per second per core of the median of ROUNDS timed rounds (one untimed round first) */
async function rate(name: string, items: readonly Doc[], work: (doc: Doc) => Promise<number>) {
  await lanes(items, work);
  const rounds: { ms: number; pages: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const pages = await lanes(items, work);
    rounds.push({ ms: performance.now() - start, pages });
  }
  rounds.sort((a, b) => a.ms - b.ms);
  const median = rounds[Math.floor(ROUNDS / 2)] as { ms: number; pages: number };
  const perCore = median.pages / (median.ms / 1000) / cores;
  console.log(
    `${name.padEnd(44)} ${median.pages} pages  ${median.ms.toFixed(0).padStart(6)} ms  ${perCore.toFixed(2)} pages/s/core`,
  );
  return perCore;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");

/** word F1 of a reading against the ground truth (bags of words) */
function wordF1(read: string, truth: string): number {
  const want = new Map<string, number>();
  for (const w of words(truth)) want.set(w, (want.get(w) ?? 0) + 1);
  const got = words(read);
  let hit = 0;
  for (const w of got) {
    const n = want.get(w) ?? 0;
    if (n > 0) {
      hit++;
      want.set(w, n - 1);
    }
  }
  const truthCount = words(truth).length;
  if (!got.length || !truthCount) return 0;
  const precision = hit / got.length;
  const recall = hit / truthCount;
  return precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
}

async function ocr() {
  const images = load("image", (n) => !n.endsWith(".gt.txt"));
  console.log(`\nOCR: ${images.length} images, ${cores} at once`);
  const quality: Record<string, number[]> = { wasm: [], native: [] };
  const read = (engine: "wasm" | "native") => async (doc: Doc) => {
    const result = await extractText(doc.bytes, detectType(doc.bytes, doc.file), { ocrEngine: engine });
    quality[engine]?.push(wordF1(result.text, readFileSync(`${doc.file}.gt.txt`, "utf8")));
    return result.pages;
  };
  const wasm = await rate("ours, tesseract.js (WASM)", images, read("wasm"));
  const native = await rate("ours, tesseract (native)", images, read("native"));
  const cli = await rate("tesseract command line, PSM 3", images, async (doc) => {
    await run("tesseract", [doc.file, "stdout", "-l", "eng+deu", "--psm", "3"], {
      env: { ...process.env, OMP_THREAD_LIMIT: "1" },
      maxBuffer: 1 << 26,
    });
    return 1;
  });
  const f1 = (engine: string) => {
    const values = quality[engine] ?? [];
    return (values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)).toFixed(3);
  };
  console.log(`ratio against the command line: WASM ${(wasm / cli).toFixed(2)}×, native ${(native / cli).toFixed(2)}×`);
  console.log(`mean word F1 against the ground truth: WASM ${f1("wasm")}, native ${f1("native")}`);
}

async function osd() {
  const images = load("image", (n) => !n.endsWith(".gt.txt"));
  console.log(`\nOSD: ${images.length} images, one at a time`);
  for (const doc of images) await detectOrientation(doc.bytes);
  let start = performance.now();
  for (const doc of images) await detectOrientation(doc.bytes);
  const wasm = (performance.now() - start) / images.length;
  start = performance.now();
  for (const doc of images) await run("tesseract", [doc.file, "stdout", "--psm", "0"]).catch(() => undefined);
  const native = (performance.now() - start) / images.length;
  console.log(`per page: WASM OSD pool ${wasm.toFixed(0)} ms, tesseract --psm 0 ${native.toFixed(0)} ms`);
}

async function pdf() {
  const pdfs = load("pdf-text", (n) => n.endsWith(".pdf"));
  console.log(`\nPDF text: ${pdfs.length} born-digital PDFs, ${cores} at once`);
  // each engine's texts of the untimed round, for their quality against pdftotext's
  const texts: Record<string, Map<string, { text: string; layout: string }>> = {
    pdfjs: new Map(),
    pdfium: new Map(),
    native: new Map(),
  };
  const ours = (engine: "pdfium" | "pdfjs" | "native") => async (doc: Doc) => {
    const result = await extractText(doc.bytes, "pdf", { pdfEngine: engine });
    texts[engine]?.set(doc.file, { text: result.text, layout: result.layoutText });
    return result.pages;
  };
  const inProcess = await rate("pdf.js in this process (before)", pdfs, async (doc) => {
    const result = await readPdfJs(new Uint8Array(doc.bytes), {
      ocr: (image) => ocrPage(image, ["eng", "deu"], { engine: "wasm" }),
    });
    return result.numPages;
  });
  const pdfjs = await rate("ours, pdf.js in reader processes", pdfs, ours("pdfjs"));
  const pdfium = await rate("ours, PDFium first (zero-install default)", pdfs, ours("pdfium"));
  const native = await rate("ours, pdftotext (native)", pdfs, ours("native"));
  const pageCounts = new Map<string, number>();
  const reference = new Map<string, { text: string; layout: string }>();
  for (const doc of pdfs) {
    pageCounts.set(doc.file, Number(/Pages:\s+(\d+)/.exec((await run("pdfinfo", [doc.file])).stdout)?.[1] ?? 1));
    const [plain, layout] = await Promise.all(
      [[], ["-layout"]].map(
        async (mode) => (await run("pdftotext", [...mode, "-enc", "UTF-8", doc.file, "-"], { maxBuffer: 1 << 28 })).stdout,
      ),
    );
    reference.set(doc.file, { text: plain ?? "", layout: layout ?? "" });
  }
  const cli = await rate("pdftotext command line", pdfs, async (doc) => {
    await run("pdftotext", ["-enc", "UTF-8", doc.file, "-"], { maxBuffer: 1 << 28 });
    return pageCounts.get(doc.file) ?? 1;
  });
  console.log(
    `ratio against the command line: pdf.js in process ${(inProcess / cli).toFixed(2)}×, in readers ${(pdfjs / cli).toFixed(2)}×, PDFium first ${(pdfium / cli).toFixed(2)}×, native ${(native / cli).toFixed(2)}×`,
  );
  // quality against pdftotext: word F1 of the reading-order text (case kept: the bag of whitespace-split words), and
  // the share of `pdftotext -layout`'s lines (spaces collapsed) that are a line of the layout text
  const collapse = (line: string) => line.trim().split(/\s+/).join(" ");
  const linesOf = (text: string) =>
    text
      .split(/[\n\f]/)
      .map(collapse)
      .filter((line) => line !== "");
  for (const engine of ["pdfjs", "pdfium", "native"]) {
    let f1 = 0;
    let lines = 0;
    for (const [file, ref] of reference) {
      const read = texts[engine]?.get(file) ?? { text: "", layout: "" };
      f1 += caseKeptWordF1(read.text, ref.text);
      const ours = new Set(linesOf(read.layout));
      const expected = linesOf(ref.layout);
      lines += expected.length ? expected.filter((line) => ours.has(line)).length / expected.length : 1;
    }
    const n = Math.max(1, reference.size);
    console.log(`${engine.padEnd(7)} against pdftotext: word F1 ${(f1 / n).toFixed(4)}, layout lines ${(lines / n).toFixed(4)}`);
  }
}

const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice(7)
  .split(",") ?? ["ocr", "osd", "pdf"];
try {
  if (only.includes("ocr")) await ocr();
  if (only.includes("osd")) await osd();
  if (only.includes("pdf")) await pdf();
} finally {
  await terminateOcr();
  terminatePdfReaders();
}

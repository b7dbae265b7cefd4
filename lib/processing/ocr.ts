import { accessSync, mkdirSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import Tesseract from "tesseract.js";
import type { DocumentType } from "./detect";
import { DocumentProcessingError, errorMessage, untilAborted } from "./errors";
import { layoutTextOfTsv } from "./layout-text";
import { type EngineChoice, inTempDir, nativeTools, type OcrEngine, ocrEngineFor, runTool } from "./native";
import { decodeGrey, type GreyImage, jpegOrientation, pgm, type QuarterTurn, rotateGrey } from "./raster";

/**
 * OCR of one page (DESIGN.md "Processing a job"), with tesseract.js and language data from node_modules, never the
 * network. As tesseract reads a page by default: automatic page segmentation (columns, tables and forms in their
 * reading order; tesseract.js itself would read the page as one block). Before that the page's orientation is
 * detected (tesseract's OSD, legacy engine, npm @tesseract.js-data/osd) and a page turned by a quarter, a half or
 * three quarters is turned upright; when the detection is unsure, both readings are made and the more confident kept.
 * Where Debian's `tesseract` is installed with the languages (OCR_ENGINE auto or native), it reads the page instead of
 * tesseract.js, a third faster (docs/decisions.md "Native OCR and PDF text"); orientation stays with tesseract.js' OSD.
 */

export type OcrPage =
  /** an image file as it came (tesseract decodes it); decoded here only when it must be turned */
  | { bytes: Uint8Array; type: DocumentType }
  /** pixels rendered from a PDF page, at `dpi` */
  | { grey: GreyImage; dpi: number };

/** `text` in tesseract's reading order; `layout` its words placed on the page's lines and columns (layout-text.ts) */
export type OcrResult = { text: string; layout: string; confidence: number; turned: QuarterTurn };

export const DEFAULT_OCR_LANGUAGES: readonly string[] = ["eng", "deu"];

const LANGUAGE_CODE = /^[a-z][a-z0-9_]*$/i;
/** the LSTM "best_int" models: what tesseract.js itself loads for its default (LSTM-only) engine */
const LANGUAGE_DATA_VARIANT = "4.0.0_best_int";
/** orientation and script detection exists for the legacy engine only */
const OSD_DATA_VARIANT = "4.0.0";
/**
 * OSD's confidence from which its turn is taken without reading the page both ways (OCRmyPDF asks 14 of a whole
 * page; a few lines of text reach 3).
 */
const CERTAIN_ORIENTATION = 14;
const requireFromHere = createRequire(import.meta.url);

function packageDataDir(code: string, variant: string): string {
  if (!LANGUAGE_CODE.test(code))
    throw new DocumentProcessingError("OcrLanguageMissing", `"${code}" is not an OCR language code.`);
  const pkg = `@tesseract.js-data/${code}`;
  let root: string;
  try {
    root = path.dirname(requireFromHere.resolve(`${pkg}/package.json`));
  } catch {
    // bundled code cannot always resolve packages; the installation's node_modules then
    root = path.join(process.cwd(), "node_modules", pkg);
  }
  const dir = path.join(root, variant);
  try {
    accessSync(path.join(dir, `${code}.traineddata.gz`));
  } catch {
    throw new DocumentProcessingError(
      "OcrLanguageMissing",
      `OCR language data for "${code}" is not installed (npm package ${pkg}, file ${variant}/${code}.traineddata.gz).`,
    );
  }
  return dir;
}

/** the local directory holding `<code>.traineddata.gz` of one installed @tesseract.js-data package */
export function languageDataDir(code: string): string {
  return packageDataDir(code, LANGUAGE_DATA_VARIANT);
}

/**
 * tesseract.js reads every language from one `langPath`, and each language comes in its own package:
 * a set of several languages gets a directory under the temporary directory with a link to each file.
 * Links are replaced atomically (rename), so parallel processes never see a half-made one.
 */
export function ocrLangPath(languages: readonly string[]): string {
  const dirs = languages.map(languageDataDir);
  if (new Set(dirs).size === 1) return dirs[0]!;
  const uid = typeof process.getuid === "function" ? process.getuid() : "user";
  const combined = path.join(os.tmpdir(), `docservice-tessdata-${uid}`, LANGUAGE_DATA_VARIANT);
  mkdirSync(combined, { recursive: true });
  languages.forEach((code, i) => {
    const file = `${code}.traineddata.gz`;
    const temp = path.join(combined, `.${file}.${process.pid}.${Math.random().toString(36).slice(2)}`);
    symlinkSync(path.join(dirs[i]!, file), temp);
    try {
      renameSync(temp, path.join(combined, file));
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  });
  return combined;
}

/** tesseract.js' cache directory: never the working directory (its default), never written (see below) */
export const OCR_CACHE_PATH = path.join(os.tmpdir(), "docservice-tesseract-cache");

const workerOptions = (langPath: string): Partial<Tesseract.WorkerOptions> => ({
  langPath,
  // the data is local already; the cache would only save the gunzip, and its non-atomic write can be
  // read half-written by a parallel process, which then fails to initialise
  cachePath: OCR_CACHE_PATH,
  cacheMethod: "none",
  gzip: true,
  logger: () => undefined,
  errorHandler: () => undefined,
});

/**
 * tesseract's own messages ("Invalid resolution 0 dpi", "Too few characters. Skipping this page") go to its debug
 * file instead of the process's standard output, where the service's JSON log lines are
 */
const QUIET = { debug_file: "/dev/null" } as Partial<Tesseract.WorkerParams>;

async function createOcrWorker(languages: readonly string[]): Promise<Tesseract.Worker> {
  const worker = await Tesseract.createWorker([...languages], Tesseract.OEM.LSTM_ONLY, workerOptions(ocrLangPath(languages)));
  await worker.setParameters({ tessedit_pageseg_mode: Tesseract.PSM.AUTO, ...QUIET });
  return worker;
}

async function createOsdWorker(): Promise<Tesseract.Worker> {
  const worker = await Tesseract.createWorker("osd", Tesseract.OEM.TESSERACT_ONLY, {
    ...workerOptions(packageDataDir("osd", OSD_DATA_VARIANT)),
    legacyCore: true,
    legacyLang: true,
  });
  await worker.setParameters(QUIET);
  return worker;
}

/** What a page may ask of the worker lent to it. */
export type OcrLease = Pick<Tesseract.Worker, "recognize" | "detect">;

/** The part of a tesseract.js worker the pool uses. */
type PoolWorker = OcrLease & Pick<Tesseract.Worker, "terminate">;

/**
 * Tesseract workers of one kind (a language set, or OSD), each a thread that reads one page at a time: created on
 * demand up to one per CPU, so that the pages of several documents are read at once, and kept for the next page.
 */
export class WorkerPool<W extends PoolWorker = Tesseract.Worker> {
  private readonly idle: W[] = [];
  private readonly created: W[] = [];
  private readonly waiting: { resolve: (worker: W) => void; reject: (error: unknown) => void }[] = [];
  private size = 0;

  constructor(
    private readonly create: () => Promise<W>,
    private readonly max: number,
  ) {}

  /**
   * Runs `work` with a worker lent to it; when `signal` aborts meanwhile, that worker's thread is ended and replaced,
   * and the lease refuses what the abandoned work asks afterwards: tesseract.js would post it to the ended thread,
   * reject that post where nobody listens (an unhandled rejection) and never settle the call.
   */
  async use<T>(work: (lease: OcrLease) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const worker = await this.acquire();
    let abandoned = false;
    const refused = () => Promise.reject(signal?.reason ?? new Error("The OCR page was abandoned."));
    const lease: OcrLease = {
      recognize: (...args) => (abandoned ? refused() : worker.recognize(...args)),
      detect: (...args) => (abandoned ? refused() : worker.detect(...args)),
    };
    try {
      // the time ran out while this page waited for a worker: it is not begun
      signal?.throwIfAborted();
      return await untilAborted(work(lease), signal).catch((error: unknown) => {
        abandoned = signal?.aborted === true;
        throw error;
      });
    } finally {
      if (abandoned) this.discard(worker);
      else {
        // a worker whose page failed stays usable: tesseract.js answers the failure and goes on
        const next = this.waiting.shift();
        if (next) next.resolve(worker);
        else this.idle.push(worker);
      }
    }
  }

  /** A worker busy with a page nobody waits for any more: ended; a page waiting for a worker gets a new one. */
  private discard(worker: W): void {
    this.created.splice(this.created.indexOf(worker), 1);
    void worker.terminate().catch(() => undefined);
    const next = this.waiting.shift();
    if (!next) {
      this.size--;
      return;
    }
    this.create().then(
      (fresh) => {
        this.created.push(fresh);
        next.resolve(fresh);
      },
      (error: unknown) => {
        this.size--;
        next.reject(error);
      },
    );
  }

  private async acquire(): Promise<W> {
    const idle = this.idle.pop();
    if (idle) return idle;
    if (this.size >= this.max) return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.size++;
    try {
      const worker = await this.create();
      this.created.push(worker);
      return worker;
    } catch (error) {
      // a failed start is not kept: the next page tries again
      this.size--;
      throw error;
    }
  }

  terminate(): Promise<unknown> {
    return Promise.all(this.created.map((w) => w.terminate().catch(() => undefined)));
  }
}

/** the pools by kind: "eng+deu", "osd" */
const pools = new Map<string, WorkerPool>();
/** pages read at once in this process: one per CPU (the pipeline's jobs and a job's documents share them) */
const OCR_THREADS = os.availableParallelism();

function pool(key: string, create: () => Promise<Tesseract.Worker>): WorkerPool {
  let found = pools.get(key);
  if (!found) {
    found = new WorkerPool(create, OCR_THREADS);
    pools.set(key, found);
  }
  return found;
}

/** Ends the OCR workers (their threads keep a process alive); the next OCR starts new ones. */
export async function terminateOcr(): Promise<void> {
  const ending = [...pools.values()];
  pools.clear();
  await Promise.all(ending.map((p) => p.terminate()));
}

/** Runs `work` on a worker for these languages; throws OcrLanguageMissing, or OcrFailed when no worker starts. */
async function withOcrWorker<T>(
  languages: readonly string[],
  work: (worker: OcrLease) => Promise<T>,
  signal?: AbortSignal,
): Promise<T> {
  const langs = languages.map((l) => l.trim()).filter((l) => l !== "");
  if (langs.length === 0) throw new DocumentProcessingError("OcrLanguageMissing", "No OCR language is configured.");
  let started = false;
  try {
    return await pool(langs.join("+"), () => createOcrWorker(langs)).use((worker) => {
      started = true;
      return work(worker);
    }, signal);
  } catch (error) {
    if (started || error instanceof DocumentProcessingError || signal?.aborted) throw error;
    throw new DocumentProcessingError("OcrFailed", `The OCR engine could not start: ${errorMessage(error)}`, { cause: error });
  }
}

/**
 * The clockwise quarter turns that make the page upright, and OSD's confidence; 0 when OSD finds too little text to
 * tell (or its data is not installed).
 */
export async function detectOrientation(image: Uint8Array): Promise<{ turn: QuarterTurn; confidence: number }> {
  try {
    const { data } = await pool("osd", createOsdWorker).use((osd) =>
      osd.detect(Buffer.from(image.buffer, image.byteOffset, image.byteLength)),
    );
    const degrees = data.orientation_degrees ?? 0;
    const turn = ([0, 90, 180, 270] as const).find((d) => d === degrees) ?? 0;
    return { turn, confidence: data.orientation_confidence ?? 0 };
  } catch {
    return { turn: 0, confidence: 0 };
  }
}

async function recognize(worker: OcrLease, image: Uint8Array, dpi: number | undefined): Promise<Reading> {
  const { data } = await worker.recognize(
    Buffer.from(image.buffer, image.byteOffset, image.byteLength),
    dpi ? ({ user_defined_dpi: String(dpi) } as Partial<Tesseract.RecognizeOptions>) : {},
    // the words' boxes for the layout text, as the command's tsv output gives them
    { text: true, tsv: true },
  );
  return { text: data.text, layout: layoutTextOfTsv(data.tsv ?? ""), confidence: data.confidence };
}

export type OcrOptions = {
  /** the document's time limit: a page not begun is not begun, a native tesseract is killed, a WASM thread ended */
  signal?: AbortSignal;
  /** the document's memory limit: a native tesseract's address space; beyond it the page is DocumentTooLarge */
  memoryBytes?: number;
  /** auto (default: the environment's OCR_ENGINE), wasm or native */
  engine?: EngineChoice<OcrEngine>;
};

/** reads one image (`kind` is its file's extension), with its confidence (0–100) when `confidence` is asked for */
type Recognise = (image: Uint8Array, kind: string, dpi: number | undefined, confidence: boolean) => Promise<Reading>;
type Reading = { text: string; layout: string; confidence: number };

/**
 * Reads one page. Throws DocumentProcessingError: UnreadableDocument for an image tesseract cannot decode, OcrFailed
 * for an engine failure, OcrLanguageMissing, DocumentTooLarge when native tesseract needs more than the memory limit.
 * The page's orientation is always found by the WASM OSD pool: a native `tesseract --psm 0` costs a process start and
 * the 10 MB legacy model per page, three times the warm pool's time (docs/decisions.md "Native OCR and PDF text").
 */
export async function ocrPage(page: OcrPage, languages: readonly string[], options: OcrOptions = {}): Promise<OcrResult> {
  const langs = languages.map((l) => l.trim()).filter((l) => l !== "");
  if (langs.length === 0) throw new DocumentProcessingError("OcrLanguageMissing", "No OCR language is configured.");
  if (ocrEngineFor(langs, options.engine) === "native") {
    const native = nativeOcr(langs, options);
    return readPage((image, kind, dpi, confidence) => native(image, kind, dpi, confidence), page);
  }
  return withOcrWorker(langs, (worker) => readPage((image, _kind, dpi) => recognize(worker, image, dpi), page), options.signal);
}

async function readPage(recognise: Recognise, page: OcrPage): Promise<OcrResult> {
  const image = "grey" in page ? pgm(page.grey) : page.bytes;
  const kind = "grey" in page ? "pgm" : page.type;
  const dpi = "grey" in page ? page.dpi : undefined;
  const label = "grey" in page ? "page" : `${page.type.toUpperCase()} image`;
  try {
    const { turn, confidence: certainty } = await detectOrientation(image);
    if (turn === 0) return { ...(await recognise(image, kind, dpi, false)), turned: 0 };
    let grey: GreyImage;
    try {
      grey = "grey" in page ? page.grey : await decodeGrey(page.bytes, page.type);
    } catch {
      // tesseract read it, the decoders here cannot: read it as it lies
      return { ...(await recognise(image, kind, dpi, false)), turned: 0 };
    }
    const sure = certainty >= CERTAIN_ORIENTATION;
    const upright = { ...(await recognise(pgm(rotateGrey(grey, turn)), "pgm", dpi ?? 300, !sure)), turned: turn };
    if (sure) return upright;
    const asIs = { ...(await recognise(image, kind, dpi, true)), turned: 0 as const };
    return upright.confidence >= asIs.confidence ? upright : asIs;
  } catch (error) {
    if (error instanceof DocumentProcessingError) throw error;
    // the worker answers with a string ("Error: Error attempting to read image.") and stays usable
    const message = errorMessage(error).replace(/^Error: /, "");
    if (/attempting to read image/i.test(message))
      throw new DocumentProcessingError("UnreadableDocument", `The ${label} could not be read: ${message}`, { cause: error });
    throw new DocumentProcessingError("OcrFailed", `The ${label} could not be recognised: ${message}`, { cause: error });
  }
}

// ------------------------------------------------------------------------------------- native tesseract

/** native tesseract processes at once in this process: one per CPU, as the WASM pool's threads */
let nativeRunning = 0;
const nativeWaiting: (() => void)[] = [];

async function nativeSlot<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (nativeRunning >= OCR_THREADS) await new Promise<void>((resolve) => nativeWaiting.push(resolve));
  else nativeRunning++;
  try {
    // the time ran out while this page waited for a slot: it is not begun
    signal?.throwIfAborted();
    return await work();
  } finally {
    const next = nativeWaiting.shift();
    if (next) next();
    else nativeRunning--;
  }
}

/** a line of tesseract's complaint worth a message: the first that says what went wrong */
function complaint(stderr: string): string {
  const lines = stderr.split("\n").map((l) => l.trim());
  return (lines.find((l) => /error|cannot|fail/i.test(l)) ?? lines.find((l) => l !== "") ?? "no output").slice(0, 300);
}

/**
 * Debian's `tesseract` command: the same model kind (LSTM), page segmentation (PSM 3, auto) and resolution as the WASM
 * path; the image is a file in a private temporary directory (never standard input, whose bytes tesseract would take
 * for a list of file names when they are no image). Confidence, when asked, is the mean of the words' (tsv output),
 * as tesseract.js reports it.
 */
function nativeOcr(languages: readonly string[], options: OcrOptions): Recognise {
  const { tesseract } = nativeTools();
  const missing = languages.find((l) => !LANGUAGE_CODE.test(l) || !tesseract?.languages.has(l));
  if (!tesseract || missing !== undefined)
    throw new DocumentProcessingError(
      "OcrLanguageMissing",
      tesseract
        ? `OCR language data for "${missing}" is not installed for the tesseract command (Debian package tesseract-ocr-${missing}).`
        : "OCR_ENGINE is native, but the tesseract command is not installed (Debian package tesseract-ocr).",
    );
  return (image, kind, dpi, confidence) =>
    nativeSlot(
      () =>
        inTempDir(async (dir) => {
          // a photo's EXIF orientation, which the WASM path and OSD apply: the pixels turned as it says
          if (kind === "jpeg" && jpegOrientation(image) !== 1) {
            image = pgm(await decodeGrey(image, "jpeg"));
            kind = "pgm";
          }
          const input = path.join(dir, `page.${kind}`);
          await writeFile(input, image);
          const out = path.join(dir, "out");
          const args = [input, out, "-l", languages.join("+"), "--oem", "1", "--psm", "3"];
          if (dpi) args.push("--dpi", String(dpi));
          // tsv: the words' boxes (the layout text) and their confidence
          args.push("-c", "debug_file=/dev/null", "txt", "tsv");
          const run = await runTool("tesseract", args, {
            signal: options.signal,
            memoryBytes: options.memoryBytes,
            // one thread per process: the pool gives each core a page
            env: { OMP_THREAD_LIMIT: "1" },
          });
          if (run.code !== 0) {
            const why = complaint(run.stderr);
            if (/cannot be read|pixRead|read image|unsupported/i.test(run.stderr) && !/alloc/i.test(run.stderr))
              throw new Error(`Error attempting to read image. (${why})`);
            if (options.memoryBytes && (run.code === null || /alloc|memory|bad_alloc/i.test(run.stderr)))
              throw new DocumentProcessingError(
                "DocumentTooLarge",
                `OCR of the page needs more memory than the ${Math.round(options.memoryBytes / 2 ** 20)} MB allowed per document.`,
                { params: { megabytes: Math.round(options.memoryBytes / 2 ** 20) } },
              );
            throw new Error(`tesseract ended with ${run.code}: ${why}`);
          }
          const text = await readFile(`${out}.txt`, "utf8");
          const tsv = await readFile(`${out}.tsv`, "utf8");
          return { text, layout: layoutTextOfTsv(tsv), confidence: confidence ? meanConfidence(tsv) : 0 };
        }),
      options.signal,
    );
}

/** the mean confidence of the recognised words of tesseract's tsv output (level 5 rows; -1 marks no word) */
export function meanConfidence(tsv: string): number {
  let sum = 0;
  let words = 0;
  for (const row of tsv.split("\n").slice(1)) {
    const cols = row.split("\t");
    if (cols[0] !== "5" || (cols[11] ?? "").trim() === "") continue;
    const conf = Number(cols[10]);
    if (conf < 0 || Number.isNaN(conf)) continue;
    sum += conf;
    words++;
  }
  return words ? sum / words : 0;
}

/** The project property that names a project's OCR languages: tesseract codes, the first primary ("deu+eng"). */
export const OCR_LANGUAGES_PROPERTY = "OcrLanguages";

/** the project property that has the images of pages with a text layer read by OCR too (ExtractOptions.ocrImages) */
export const OCR_IMAGES_PROPERTY = "OcrImages";

/** whether a project's property `OcrImages` is on: "true", "yes", "1" or "on", in any case */
export function projectOcrImages(properties: readonly { name: string; value: string }[]): boolean {
  const property = properties.find((p) => p.name.toLowerCase() === OCR_IMAGES_PROPERTY.toLowerCase());
  return ["true", "yes", "1", "on"].includes((property?.value ?? "").trim().toLowerCase());
}

/** The languages a project's properties name (`OcrLanguages`, codes joined by "+", "," or spaces); undefined if none. */
export function projectOcrLanguages(properties: readonly { name: string; value: string }[]): string[] | undefined {
  const property = properties.find((p) => p.name.toLowerCase() === OCR_LANGUAGES_PROPERTY.toLowerCase());
  const codes = (property?.value ?? "").split(/[+,;\s]+/).filter((c) => c !== "");
  return codes.length ? codes : undefined;
}

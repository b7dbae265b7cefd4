// `npm run bench:documents` (issue 14 §2): our reading of real documents (bench/corpus/, nobody on this team wrote
// them; origin and licence in bench/corpus/SOURCES.md) against the native tools, from one run:
//   quality  word F1 and CER against the reference (published ground truth of images and of the scanned PDFs that
//            have one; pdftotext of born-digital PDFs; tesseract of the 300 dpi pages of the other scanned PDFs, a row
//            of its own outside the target), ours and native, per class; errors and empty texts
//   speed    pages per second per core, ours (extractText, N documents at once as a worker reads a job's documents)
//            against pdftotext / pdftoppm + tesseract in N processes (N = cores), OCR and PDF text apart
//   e2e      every corpus document as a job, posted in one burst to `next start` with two `npm run worker` on
//            PostgreSQL + Redis; Ready/Error and wall time against the native tools' time for the same work
// `--only=quality,speed,e2e` picks parts (quality and speed come from the same run); `--engine=wasm|native` picks
// our OCR engine (OCR_ENGINE) when lib/processing has that switch, else both are measured when it has it, else the
// default. `--limit=N` reads the first N documents of each class only (to try the script out; RESULTS.md unchanged).
// Writes the section "## Documents (issue 14 §2)" of bench/RESULTS.md and per-document rows to bench/.tmp/documents.csv.
import { execFile, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { charErrors, normalise, wordF1 } from "./documents/metrics";

const root = path.resolve(import.meta.dirname, "..");
const corpusDir = path.join(root, "bench", "corpus");
const tmpDir = path.join(root, "bench", ".tmp");
const cores = os.availableParallelism();
const LANGUAGES = ["eng", "deu"];
const RENDER_DPI = 300;
const USABLE_LETTERS = 20; // as lib/processing/pdf.ts: a page with fewer letters in its text layer is read by OCR
const SECTION = "## Documents (issue 14 §2)";
const E2E_PORT = 3440;
process.env.BENCH_DIST_DIR ||= ".next-bench-docs";

type DocClass = "pdf-text" | "pdf-scanned" | "image" | "damaged";
type CorpusDoc = {
  file: string;
  class: DocClass;
  language: string;
  origin: { repo: string; path: string; commit: string };
  licence: string;
  reference: { kind: "ground-truth" | "pdftotext" | "tesseract-300dpi" | "none" };
};
type Reading = { text?: string; error?: string; ms: number };
type Measured = { doc: CorpusDoc; pages: number; native: Reading; ours: Record<string, Reading> };

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = arg("only")?.split(",");
const runs = (part: string) => !only || only.includes(part);
const limit = Number(arg("limit")) || undefined;

function loadCorpus(): CorpusDoc[] {
  const { documents } = JSON.parse(readFileSync(path.join(corpusDir, "sources.json"), "utf8")) as { documents: CorpusDoc[] };
  if (!limit) return documents;
  const seen = new Map<string, number>();
  return documents.filter((d) => {
    const n = (seen.get(d.class) ?? 0) + 1;
    seen.set(d.class, n);
    return n <= limit;
  });
}

// -------------------------------------------------------------------------------------------------- native tools

function ensureNativeTools() {
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

function run(command: string, args: string[]): Promise<string> {
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

function pageCount(doc: CorpusDoc): number {
  if (doc.class === "image") return 1; // the corpus' TIFFs are single pages
  const info = spawnSync("pdfinfo", [path.join(corpusDir, doc.file)], { encoding: "utf8" });
  return Number(/^Pages:\s+(\d+)/m.exec(info.stdout ?? "")?.[1] ?? 0);
}

/** `work` on every item, `lanes` at a time (failures are the items' own results); the wall time. */
async function pool<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
  return performance.now() - t0;
}

async function nativeAll(docs: readonly CorpusDoc[], lanes: number): Promise<{ readings: Map<string, Reading>; wallMs: number }> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-documents-"));
  const readings = new Map<string, Reading>();
  try {
    const wallMs = await pool(docs, lanes, async (doc) => {
      const t = performance.now();
      try {
        const text = await readNative(path.join(corpusDir, doc.file), doc.class, scratch);
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

// ------------------------------------------------------------------------------------------------------ our side

/**
 * Child mode (`--child-ours <list file>`): our extractText on the listed documents, `cores` at a time in this one
 * process (as a worker reads a job's documents: DOCUMENT_LANES of workers/jobs/process.ts, one OCR pool of `cores`
 * threads), after one warm-up document (a worker's pool is warm). Prints one JSON line.
 */
async function childOurs(listFile: string) {
  const files = JSON.parse(readFileSync(listFile, "utf8")) as string[];
  const { detectType } = await import("@/lib/processing/detect");
  const { extractText, terminateOcr } = await import("@/lib/processing/extract-text");
  const read = async (file: string) => {
    const bytes = new Uint8Array(readFileSync(path.join(corpusDir, file)));
    const type = detectType(bytes, path.basename(file));
    // the job pipeline's limit per document (documentTimeoutSeconds, default 300)
    return extractText(bytes, type, { ocrLanguages: LANGUAGES, signal: AbortSignal.timeout(300_000) });
  };
  await Promise.all([read("image/tesseractjs-simple.png"), read("pdf-text/pypdf-minimal-document.pdf")]).catch(() => {});
  const readings: Record<string, Reading> = {};
  const wallMs = await pool(files, cores, async (file) => {
    const t = performance.now();
    try {
      const r = await read(file);
      readings[file] = { text: r.text, ms: performance.now() - t };
    } catch (error) {
      const e = error as { code?: string; message?: string };
      readings[file] = { error: `${e.code ?? "Error"}: ${e.message ?? String(error)}`, ms: performance.now() - t };
    }
  });
  await terminateOcr();
  process.stdout.write(`${JSON.stringify({ wallMs, readings })}\n`);
}

function oursAll(
  docs: readonly CorpusDoc[],
  engine: string | undefined,
): Promise<{ readings: Map<string, Reading>; wallMs: number }> {
  mkdirSync(tmpDir, { recursive: true });
  const list = path.join(tmpDir, `documents-list-${process.pid}.json`);
  writeFileSync(list, JSON.stringify(docs.map((d) => d.file)));
  const env = { ...process.env, LOG_LEVEL: "warn", ...engineEnv(engine) };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, "--child-ours", list], {
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
 * Our engine settings to measure: `--engine=wasm` is the zero-install default (tesseract.js and pdf.js: OCR_ENGINE=wasm,
 * PDF_ENGINE=pdfjs), `--engine=native` Debian's tools through lib/processing (both native); without it both when
 * lib/processing has the switches, else its only engine.
 */
function engines(): (string | undefined)[] {
  const asked = arg("engine");
  if (asked) return [asked];
  const src = ["ocr.ts", "native.ts", "extract-text.ts", "pdf.ts"]
    .map((f) => path.join(root, "lib", "processing", f))
    .filter(existsSync)
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");
  return src.includes("OCR_ENGINE") ? ["wasm", "native"] : [undefined];
}
const engineEnv = (e: string | undefined): Record<string, string> =>
  e === "wasm" ? { OCR_ENGINE: "wasm", PDF_ENGINE: "pdfjs" } : e ? { OCR_ENGINE: e, PDF_ENGINE: e } : {};
const engineName = (e: string | undefined) => (e === "wasm" ? "wasm+pdf.js" : (e ?? "default"));

// ------------------------------------------------------------------------------------------------- measurements

const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "—");
const isEmpty = (r: Reading) => r.text !== undefined && normalise(r.text) === "";

function reference(m: Measured): string | undefined {
  if (m.doc.reference.kind === "ground-truth") return readFileSync(path.join(corpusDir, `${m.doc.file}.gt.txt`), "utf8");
  if (m.doc.reference.kind === "none") return undefined;
  return m.native.text; // pdftotext, or tesseract of the 300 dpi pages: the native reading is the reference
}

type Score = { f1: number; distance: number; length: number; cerKnown: boolean };
function score(r: Reading, ref: string): Score {
  const text = r.text ?? ""; // an error reads nothing: F1 0, every reference character missed
  const ce = charErrors(text, ref);
  return { f1: wordF1(text, ref), distance: ce?.distance ?? 0, length: ce?.length ?? 0, cerKnown: ce !== undefined };
}

/** CPU time of every other process on the machine meanwhile (our own process tree excluded), in cores. */
function otherCpu(): () => number {
  const busy = () => {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    return (f[0] ?? 0) + (f[1] ?? 0) + (f[2] ?? 0) + (f[5] ?? 0) + (f[6] ?? 0) + (f[7] ?? 0);
  };
  const tree = () => {
    const ticks = (pid: number) => {
      try {
        const s = readFileSync(`/proc/${pid}/stat`, "utf8");
        const f = s
          .slice(s.lastIndexOf(")") + 2)
          .split(" ")
          .map(Number);
        return (f[11] ?? 0) + (f[12] ?? 0) + (f[13] ?? 0) + (f[14] ?? 0);
      } catch {
        return 0;
      }
    };
    const children = (pid: number): number[] => {
      try {
        return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    };
    let total = 0;
    const stack = [process.pid];
    while (stack.length) {
      const p = stack.pop() as number;
      total += ticks(p);
      stack.push(...children(p));
    }
    return total;
  };
  const t0 = performance.now();
  const b0 = busy();
  const o0 = tree();
  return () => Math.max(0, busy() - b0 - (tree() - o0)) / 100 / ((performance.now() - t0) / 1000);
}

type Group = { name: string; classes: DocClass[]; target: number };
const GROUPS: Group[] = [
  { name: "OCR (pdf-scanned + image)", classes: ["pdf-scanned", "image"], target: 0.8 },
  { name: "PDF text (pdf-text)", classes: ["pdf-text"], target: 0.7 },
];

async function qualityAndSpeed(docs: CorpusDoc[]) {
  const engineList = engines();
  const measured = new Map<string, Measured>(
    docs.map((doc) => [doc.file, { doc, pages: pageCount(doc), native: { ms: 0 }, ours: {} }]),
  );
  // warm-up of the native side: tesseract's language data into the page cache
  await run("tesseract", [path.join(corpusDir, "image/tesseractjs-simple.png"), "stdout", "-l", LANGUAGES.join("+")]);
  const speed: {
    group: Group;
    pages: number;
    documents: number;
    native: number;
    ours: Record<string, number>;
    other: Record<string, number>;
  }[] = [];
  for (const group of [...GROUPS, { name: "damaged", classes: ["damaged"] as DocClass[], target: Number.NaN }]) {
    const set = docs.filter((d) => group.classes.includes(d.class));
    if (set.length === 0) continue;
    const pages = set.reduce((n, d) => n + (measured.get(d.file)?.pages ?? 0), 0);
    console.log(`${group.name}: ${set.length} documents, ${pages} pages — native tools, ${cores} processes…`);
    let other = otherCpu();
    const native = await nativeAll(set, cores);
    const others: Record<string, number> = { native: other() };
    for (const [file, r] of native.readings) (measured.get(file) as Measured).native = r;
    const ours: Record<string, number> = {};
    for (const engine of engineList) {
      console.log(`${group.name}: ours (${engineName(engine)}), ${cores} documents at once…`);
      other = otherCpu();
      const r = await oursAll(set, engine);
      others[engineName(engine)] = other();
      ours[engineName(engine)] = r.wallMs;
      for (const [file, reading] of r.readings) (measured.get(file) as Measured).ours[engineName(engine)] = reading;
    }
    console.log(
      `${group.name}: native ${fmt(native.wallMs / 1000, 2)} s, ${Object.entries(ours)
        .map(([e, ms]) => `ours ${e} ${fmt(ms / 1000, 2)} s`)
        .join(", ")}`,
    );
    if (Number.isFinite(group.target))
      speed.push({ group, pages, documents: set.length, native: native.wallMs, ours, other: others });
  }
  return { measured: [...measured.values()], speed, engineList: engineList.map(engineName) };
}

type QualityRow = {
  cls: string;
  /** compared with the target: false where the native tool's own reading is the reference of OCR (it cannot lose) */
  targeted: boolean;
  documents: number;
  pages: number;
  reference: string;
  native: { f1: number; cer: number; errors: number; empty: number };
  ours: Record<string, { f1: number; cer: number; errors: number; empty: number }>;
};

/**
 * The quality table's rows: the classes, scanned PDFs apart by their reference. Those with published ground truth are
 * held to the target; for the others tesseract's reading of the 300 dpi pages is the reference, the native tool scores
 * 1 / 0 by construction, and their row shows agreement, errors and empty texts outside the target.
 */
const ROWS: { name: string; of: (doc: CorpusDoc) => boolean; targeted: boolean }[] = [
  { name: "pdf-text", of: (d) => d.class === "pdf-text", targeted: true },
  {
    name: "pdf-scanned (ground truth)",
    of: (d) => d.class === "pdf-scanned" && d.reference.kind === "ground-truth",
    targeted: true,
  },
  {
    name: "pdf-scanned (tesseract reference)",
    of: (d) => d.class === "pdf-scanned" && d.reference.kind !== "ground-truth",
    targeted: false,
  },
  { name: "image", of: (d) => d.class === "image", targeted: true },
  { name: "damaged", of: (d) => d.class === "damaged", targeted: false },
];

function qualityRows(measured: Measured[], engineList: string[]): QualityRow[] {
  const rows: QualityRow[] = [];
  for (const row of ROWS) {
    const set = measured.filter((m) => row.of(m.doc));
    if (!set.length) continue;
    const agg = (pick: (m: Measured) => Reading | undefined) => {
      let f1 = 0;
      let distance = 0;
      let length = 0;
      let scored = 0;
      let errors = 0;
      let empty = 0;
      for (const m of set) {
        const r = pick(m) ?? { error: "not run", ms: 0 };
        if (r.error) errors++;
        else if (isEmpty(r)) empty++;
        const ref = reference(m);
        if (ref === undefined || normalise(ref) === "") continue;
        const s = score(r, ref);
        f1 += s.f1;
        scored++;
        if (s.cerKnown) {
          distance += s.distance;
          length += s.length;
        }
      }
      return { f1: scored ? f1 / scored : Number.NaN, cer: length ? distance / length : Number.NaN, errors, empty };
    };
    const kinds = [...new Set(set.map((m) => m.doc.reference.kind))];
    rows.push({
      cls: row.name,
      targeted: row.targeted && !kinds.includes("none"),
      documents: set.length,
      pages: set.reduce((n, m) => n + m.pages, 0),
      reference: kinds.join(", "),
      native: agg((m) => m.native),
      ours: Object.fromEntries(engineList.map((e) => [e, agg((m) => m.ours[e])])),
    });
  }
  return rows;
}

/** Documents the native tools read (no error, text) that ours ended in an error or empty text: the lead's list. */
function regressions(measured: Measured[], engineList: string[]) {
  const out: { file: string; engine: string; what: string }[] = [];
  for (const m of measured) {
    if (m.native.error || isEmpty(m.native)) continue;
    for (const e of engineList) {
      const r = m.ours[e];
      if (!r) continue;
      if (r.error) out.push({ file: m.doc.file, engine: e, what: r.error.slice(0, 200) });
      else if (isEmpty(r)) out.push({ file: m.doc.file, engine: e, what: "empty text" });
    }
  }
  return out;
}

function writeCsv(measured: Measured[], engineList: string[]) {
  const q = (s: string) => `"${s.replace(/"/g, '""').replace(/\s+/g, " ")}"`;
  const head = ["file", "class", "language", "pages", "reference", "native_f1", "native_cer", "native_ms", "native_error"];
  for (const e of engineList) head.push(`ours_${e}_f1`, `ours_${e}_cer`, `ours_${e}_ms`, `ours_${e}_error`);
  const lines = [head.map(q).join(",")];
  for (const m of measured) {
    const ref = reference(m);
    const cells = (r: Reading | undefined) => {
      if (!r) return ["", "", "", "not run"];
      const s = ref !== undefined && normalise(ref) !== "" ? score(r, ref) : undefined;
      return [
        s ? fmt(s.f1, 4) : "",
        s?.cerKnown && s.length ? fmt(s.distance / s.length, 4) : "",
        fmt(r.ms, 0),
        r.error ?? (isEmpty(r) ? "empty" : ""),
      ];
    };
    const row = [m.doc.file, m.doc.class, m.doc.language, String(m.pages), m.doc.reference.kind, ...cells(m.native)];
    for (const e of engineList) row.push(...cells(m.ours[e]));
    lines.push(row.map(q).join(","));
  }
  mkdirSync(tmpDir, { recursive: true });
  writeFileSync(path.join(tmpDir, "documents.csv"), `${lines.join("\n")}\n`);
}

// ------------------------------------------------------------------------------------------------------- e2e

type ServerModule = {
  ensureBuild(force?: boolean): void;
  freshDir(name: string): string;
  startServer(o: { port: number; dataDir: string; env?: Record<string, string | undefined> }): Promise<{ url: string }>;
  waitFor200(server: unknown, pathName?: string, timeoutMs?: number): Promise<number>;
  stopServer(server: unknown): Promise<void>;
  api(server: unknown, method: string, p: string, o?: { body?: unknown; token?: string; expect?: number }): Promise<unknown>;
  ADMIN_PASSWORD: string;
  DIST_DIR: string;
};

const MIME: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  tif: "image/tiff",
  bmp: "image/bmp",
  gif: "image/gif",
  webp: "image/webp",
};

async function postJob(url: string, token: string, projectName: string, doc: CorpusDoc): Promise<string> {
  const form = new FormData();
  const bytes = readFileSync(path.join(corpusDir, doc.file));
  const ext = path.extname(doc.file).slice(1);
  form.append("file", new Blob([bytes], { type: MIME[ext] ?? "application/octet-stream" }), path.basename(doc.file));
  form.append("meta", JSON.stringify({ projectName, client: "bench documents", priority: 5 }));
  const res = await fetch(`${url}/api/jobs`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST /api/jobs (${doc.file}) answered ${res.status}: ${text.slice(0, 300)}`);
  return String((JSON.parse(text) as { id: string | number }).id);
}

/** bench/processes.mjs: process groups of our own (killed when this process exits), the bench's database and keys */
type ProcessGroup = { pid: number; exited: Promise<unknown> };
type ProcessesModule = {
  spawnGroup(command: string, args: string[], o: { env: NodeJS.ProcessEnv; logFile: string }): ProcessGroup;
  endGroup(group: ProcessGroup, graceMs?: number): Promise<void>;
  killGroup(pid: number, signal?: NodeJS.Signals): void;
  databaseUrl(serverUrl: string, name: string): string;
  removeBenchData(admin: unknown, o: { dbName: string; redisUrl: string; queuePrefix: string; label: string }): Promise<void>;
};

async function e2e(docs: CorpusDoc[]) {
  const server = (await import(path.join(root, "bench", "server.mjs") as string)) as ServerModule;
  const { databaseUrl, endGroup, killGroup, removeBenchData, spawnGroup } = (await import(
    path.join(root, "bench", "processes.mjs") as string
  )) as ProcessesModule;
  const { default: postgres } = await import("postgres");
  const pgServer = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379";
  const suffix = randomBytes(4).toString("hex");
  const dbName = `docservice_bench_docs_${suffix}`;
  const prefix = `docservice-bench-docs-${suffix}`;
  const dbUrl = databaseUrl(pgServer, dbName);

  const manifest = path.join(root, server.DIST_DIR, "app-path-routes-manifest.json");
  server.ensureBuild(process.argv.includes("--build") || !existsSync(manifest));
  const admin = postgres(pgServer, { max: 1, onnotice: () => {} });
  const dataDir = server.freshDir("documents");
  const { DATABASE_URL: _d, REDIS_URL: _r, QUEUE_PREFIX: _q, ...base } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...base,
    DATABASE_URL: dbUrl,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    DATA_DIR: dataDir,
    SECRET_KEY: `bench-${suffix}-${randomBytes(16).toString("hex")}`,
    NEXT_DIST_DIR: server.DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    ...engineEnv(arg("engine")),
  };
  let srv: unknown;
  const workers: ProcessGroup[] = [];
  const ended = new Set<ProcessGroup>();
  const pg = postgres(dbUrl, { max: 2, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${dbName}`);
    srv = await server.startServer({ port: E2E_PORT, dataDir, env: { ...env, ADMIN_PASSWORD: server.ADMIN_PASSWORD } });
    await server.waitFor200(srv, "/api/health/ready", 180_000);
    const setup = spawnSync(process.execPath, ["--import", "tsx", "bench/jobs-helper.ts", "setup"], {
      cwd: root,
      env: { ...env, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    if (setup.status !== 0) throw new Error(`jobs-helper setup failed: ${setup.stderr}`);
    const s = JSON.parse(setup.stdout.trim().split("\n").pop() ?? "{}") as Record<string, string>;
    const { token } = (await server.api(srv, "POST", "/api/auth/login", {
      body: { systemName: s.systemName, userName: s.userName, password: s.password },
    })) as { token: string };
    for (let i = 0; i < 2; i++) {
      const worker = spawnGroup("npm", ["run", "worker"], { env, logFile: `${dataDir}-worker-${i + 1}.log` });
      void worker.exited.then(() => ended.add(worker));
      workers.push(worker);
    }
    // both workers registered before the burst, so neither starts late
    for (const deadline = performance.now() + 120_000; ; ) {
      const [row] = await pg`select count(*)::int as n from worker_processes`.catch(() => [{ n: 0 }]);
      if ((row?.n ?? 0) >= 2) break;
      if (performance.now() > deadline) throw new Error("the two workers did not register within 2 min");
      if (workers.some((w) => ended.has(w))) throw new Error(`a worker ended early; see ${dataDir}-worker-*.log`);
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`e2e: posting ${docs.length} documents as jobs in one burst…`);
    const t0 = performance.now();
    const url = (srv as { url: string }).url;
    const ids = new Map<string, CorpusDoc>();
    await pool(docs, 8, async (doc) => {
      ids.set(await postJob(url, token, s.projectName as string, doc), doc);
    });
    const postedMs = performance.now() - t0;
    let states: { id: string; state: string; error_code: string | null }[] = [];
    for (const deadline = performance.now() + 60 * 60_000; ; ) {
      states = await pg`select id::text, state, error_code from jobs where id::text = any(${[...ids.keys()]})`;
      if (states.length === ids.size && states.every((j) => j.state === "Ready" || j.state === "Error")) break;
      if (performance.now() > deadline) throw new Error("e2e: not every job ended within an hour");
      if (workers.some((w) => ended.has(w))) throw new Error(`a worker ended early; see ${dataDir}-worker-*.log`);
      await new Promise((r) => setTimeout(r, 500));
    }
    const wallMs = performance.now() - t0;
    const [span] = await pg`select extract(epoch from max(finished) - min(created))::float8 as seconds from jobs
      where id::text = any(${[...ids.keys()]})`;
    const errors = states
      .filter((j) => j.state === "Error")
      .map((j) => ({ file: ids.get(j.id)?.file ?? j.id, code: j.error_code ?? "?" }));
    console.log(`e2e: all ${ids.size} jobs ended in ${fmt(wallMs / 1000, 1)} s (posted in ${fmt(postedMs / 1000, 1)} s)`);
    for (const w of workers) await endGroup(w);
    await server.stopServer(srv);
    srv = undefined;
    // the same work by the native tools, as many at once as the two workers read (maxWorkerCount 0 = cores each)
    console.log(`e2e: the native tools on the same documents, ${2 * cores} processes…`);
    const native = await nativeAll(docs, 2 * cores);
    const nativeErrors = [...native.readings.entries()].filter(([, r]) => r.error).map(([file]) => file);
    return {
      documents: ids.size,
      ready: states.filter((j) => j.state === "Ready").length,
      errors,
      wallMs,
      postedMs,
      dbSeconds: Number(span?.seconds ?? Number.NaN),
      nativeMs: native.wallMs,
      nativeErrors,
    };
  } finally {
    for (const w of workers) killGroup(w.pid);
    if (srv) await server.stopServer(srv);
    await pg.end({ timeout: 5 });
    await removeBenchData(admin, { dbName, redisUrl, queuePrefix: prefix, label: "e2e" });
    if (!process.argv.includes("--keep-logs")) {
      rmSync(dataDir, { recursive: true, force: true });
      for (const suffixName of [".log", "-worker-1.log", "-worker-2.log"]) rmSync(`${dataDir}${suffixName}`, { force: true });
    }
  }
}

// ------------------------------------------------------------------------------------------------- RESULTS.md

function writeSection(body: string[]) {
  const file = path.join(root, "bench", "RESULTS.md");
  const text = readFileSync(file, "utf8");
  const section = `${SECTION}\n\n${body.join("\n").trimEnd()}\n`;
  const at = text.indexOf(`${SECTION}\n`);
  let next: string;
  if (at < 0) next = `${text.trimEnd()}\n\n${section}`;
  else {
    const after = text.slice(at + SECTION.length).search(/^## /m);
    const end = after < 0 ? text.length : at + SECTION.length + after;
    next = `${text.slice(0, at)}${section}${end < text.length ? `\n${text.slice(end)}` : ""}`;
  }
  writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
  spawnSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { cwd: root, stdio: "ignore" });
}

const met = (ok: boolean) => (ok ? "yes" : "**no**");

async function main() {
  const docs = loadCorpus();
  ensureNativeTools();
  const tesseractVersion = spawnSync("tesseract", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0];
  const popplerVersion = spawnSync("pdftotext", ["-v"], { encoding: "utf8" }).stderr.split("\n")[0];
  const counts = Object.entries(
    docs.reduce<Record<string, number>>((a, d) => {
      a[d.class] = (a[d.class] ?? 0) + 1;
      return a;
    }, {}),
  )
    .map(([c, n]) => `${n} ${c}`)
    .join(", ");
  console.log(`bench:documents: ${docs.length} documents (${counts}); ${cores} cores; ${tesseractVersion}, ${popplerVersion}`);
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? os.cpus()[0]?.model;
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).stdout.trim();
  const dirty = spawnSync("git", ["status", "--porcelain", "lib/processing", "workers"], {
    cwd: root,
    encoding: "utf8",
  }).stdout.trim()
    ? " with uncommitted changes in lib/processing or workers"
    : "";
  const body: string[] = [
    `Produced by \`npm run bench:documents\` (bench/documents.ts; corpus and method in bench/README.md). ${new Date().toISOString()}; ` +
      `${cpu}, ${cores} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB; Node ${process.version}; code ${commit}${dirty}; ` +
      `native: ${tesseractVersion} (eng+deu, OMP_THREAD_LIMIT=1), ${popplerVersion}. Corpus: ${docs.length} documents (${counts}).`,
    "",
  ];

  if (runs("quality") || runs("speed")) {
    const { measured, speed, engineList } = await qualityAndSpeed(docs);
    writeCsv(measured, engineList);
    const q = qualityRows(measured, engineList);
    body.push(
      "Quality: word F1 (multiset of whitespace-separated words, case-sensitive, punctuation kept; mean over the " +
        "documents) and CER (Levenshtein distance / reference length, summed over the class) after NFC and whitespace " +
        "normalisation. An error counts as an empty text. Reference: published ground truth (images, and scanned PDFs " +
        "that have one: real scanned pages with their project's ground truth, put into image-only PDFs unchanged, see " +
        "bench/corpus/SOURCES.md); `pdftotext` (born-digital PDFs; the native tool *is* the reference there); tesseract " +
        "of the pages rendered at 300 dpi for the other scanned PDFs, which have no published ground truth — the native " +
        "tool scores 1 / 0 there by construction, so that row shows agreement only and is not held to the target. " +
        "Target: per class at least as good as the native tool, and no document that the native tools read ending in " +
        "Error or empty.",
      "",
      `| class | documents (pages) | reference | native F1 / CER | ${engineList.map((e) => `ours ${e} F1 / CER`).join(" | ")} | native errors / empty | ${engineList.map((e) => `ours ${e} errors / empty`).join(" | ")} | met? |`,
      `|---|---|---|---|${engineList.map(() => "---|").join("")}---|${engineList.map(() => "---|").join("")}---|`,
    );
    for (const r of q) {
      const scored = r.reference !== "none";
      // per engine set, as the speed table says it: the zero-install one may miss where the native one meets
      const okFor = (e: string) => {
        const o = r.ours[e];
        if (!o) return false;
        return o.f1 >= r.native.f1 - 1e-9 && (!(o.cer > r.native.cer + 1e-9) || Number.isNaN(o.cer));
      };
      const ok = engineList.map((e) => `${e}: ${met(okFor(e))}`).join(", ");
      body.push(
        `| ${r.cls} | ${r.documents} (${r.pages}) | ${r.reference} | ${scored ? `${fmt(r.native.f1, 3)} / ${fmt(r.native.cer, 3)}` : "—"} | ${engineList
          .map((e) => (scored ? `${fmt(r.ours[e]?.f1 ?? Number.NaN, 3)} / ${fmt(r.ours[e]?.cer ?? Number.NaN, 3)}` : "—"))
          .join(
            " | ",
          )} | ${r.native.errors} / ${r.native.empty} | ${engineList.map((e) => `${r.ours[e]?.errors} / ${r.ours[e]?.empty}`).join(" | ")} | ${r.targeted ? ok : scored ? "n/a (reference = native)" : "n/a"} |`,
      );
    }
    const bad = regressions(measured, engineList);
    body.push(
      "",
      bad.length
        ? `Documents the native tools read that ours ended in Error or empty (target: none — **not met**):\n\n${bad
            .map((b) => `- \`${b.file}\` (${b.engine}): ${b.what.replace(/\|/g, "\\|")}`)
            .join("\n")}`
        : "Documents the native tools read that ours ended in Error or empty: none (target met).",
      "",
      `Speed: pages per second per core (${cores} cores), the same files, wall time of the whole set; native = ${cores} ` +
        `processes at once (one document each: pdftotext, plus pdftoppm + tesseract for pages with fewer than ` +
        `${USABLE_LETTERS} letters), ours = extractText on ${cores} documents at once in one process (as a worker ` +
        "reads a job's documents; one warm-up document first).",
      "",
      `| documents | pages | native pages/s/core | ${engineList.map((e) => `ours ${e} pages/s/core (× native)`).join(" | ")} | target | met? | other CPU (cores) |`,
      `|---|---|---|${engineList.map(() => "---|").join("")}---|---|---|`,
    );
    for (const s of speed) {
      const rate = (ms: number) => s.pages / (ms / 1000) / cores;
      const nativeRate = rate(s.native);
      const ratios = engineList.map((e) => rate(s.ours[e] ?? Number.NaN) / nativeRate);
      body.push(
        `| ${s.group.name}: ${s.documents} | ${s.pages} | ${fmt(nativeRate, 2)} | ${engineList
          .map((e, i) => `${fmt(rate(s.ours[e] ?? Number.NaN), 2)} (${fmt(ratios[i] ?? Number.NaN, 2)}×)`)
          .join(
            " | ",
          )} | ≥ ${s.group.target}× | ${engineList.map((e, i) => `${e}: ${met((ratios[i] ?? 0) >= s.group.target)}`).join(", ")} | ${Object.entries(
          s.other,
        )
          .map(([k, v]) => `${k} ${fmt(v, 2)}`)
          .join(", ")} |`,
      );
    }
    body.push("", "Per document (F1, CER, time, error of each side): `bench/.tmp/documents.csv` (not committed).", "");
    for (const r of q)
      console.log(
        `quality ${r.cls}: native F1 ${fmt(r.native.f1, 3)} CER ${fmt(r.native.cer, 3)}; ${engineList
          .map(
            (e) =>
              `ours ${e} F1 ${fmt(r.ours[e]?.f1 ?? Number.NaN, 3)} CER ${fmt(r.ours[e]?.cer ?? Number.NaN, 3)} errors ${r.ours[e]?.errors} empty ${r.ours[e]?.empty}`,
          )
          .join("; ")}`,
      );
  }

  if (runs("e2e")) {
    const r = await e2e(docs);
    const codes = Object.entries(
      r.errors.reduce<Record<string, string[]>>((a, e) => {
        a[e.code] = [...(a[e.code] ?? []), e.file];
        return a;
      }, {}),
    );
    const ratio = r.nativeMs / r.wallMs;
    body.push(
      `End to end: all ${r.documents} documents posted as one-document jobs in one burst (8 in flight; ${fmt(r.postedMs / 1000, 1)} s) ` +
        `to \`next start\` (${process.env.BENCH_DIST_DIR}, port ${E2E_PORT}) with two \`npm run worker\` on PostgreSQL + ` +
        `Redis (a database and queue prefix of their own, removed afterwards; engines ${arg("engine") ? JSON.stringify(engineEnv(arg("engine"))) : "unset: lib/processing's default, auto"}), until every job ended; against the ` +
        `native tools on the same files, ${2 * cores} processes at once (as many documents as the two workers read at once).`,
      "",
      "| jobs | Ready | Error (codes) | wall time, first post to last end | native tools' wall time | native / ours |",
      "|---|---|---|---|---|---|",
      `| ${r.documents} | ${r.ready} | ${r.errors.length}${codes.length ? ` (${codes.map(([c, f]) => `${c} ${f.length}`).join(", ")})` : ""} | ${fmt(r.wallMs / 1000, 1)} s | ${fmt(r.nativeMs / 1000, 1)} s (${r.nativeErrors.length} errors) | ${fmt(ratio, 2)}× |`,
      "",
      ...(r.errors.length ? [`Jobs in Error: ${r.errors.map((e) => `\`${e.file}\` ${e.code}`).join("; ")}.`, ""] : []),
    );
    console.log(
      `e2e: ${r.ready} Ready, ${r.errors.length} Error (${codes.map(([c, f]) => `${c}: ${f.join(", ")}`).join("; ")}); ` +
        `${fmt(r.wallMs / 1000, 1)} s vs native ${fmt(r.nativeMs / 1000, 1)} s`,
    );
  }

  if (limit || process.argv.includes("--no-write")) {
    console.log(body.join("\n"));
    console.log("(not written: --limit / --no-write)");
  } else {
    writeSection(body);
    console.log(`bench:documents: updated "${SECTION}" of bench/RESULTS.md`);
  }
}

const childAt = process.argv.indexOf("--child-ours");
if (childAt >= 0) await childOurs(process.argv[childAt + 1] as string);
else await main();

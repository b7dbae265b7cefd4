// `npm run bench:documents` (issue 14 §2): our reading of real documents (the corpus: ../shared/corpus/bench or
// CORPUS_DIR, nobody on this team wrote them; origin and licence in its SOURCES.md) against the native tools, from one
// run: quality (word F1 and CER against the reference), speed (pages per second per core) and end to end (every
// document as a job). Options and environment: `npm run bench:documents -- --help` (bench/documents/options.ts).
// The parts live in bench/documents/: corpus.ts (the corpus and its check), native.ts and ours.ts (the two sides),
// quality-and-speed.ts (the run), quality.ts (scores), e2e.ts, report.ts (RESULTS.md).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { type CorpusDoc, openCorpus, root } from "./documents/corpus";
import { e2e } from "./documents/e2e";
import { ensureNativeTools } from "./documents/native";
import { limit, runs, USAGE } from "./documents/options";
import { qualityRows, writeCsv } from "./documents/quality";
import { qualityAndSpeed } from "./documents/quality-and-speed";
import { e2eBody, logQuality, qualityAndSpeedBody, SECTION, writeSection } from "./documents/report";

process.env.BENCH_DIST_DIR ||= ".next-bench-docs";
const cores = os.availableParallelism();

/** The corpus' documents, with `--limit=N` the first N of each class */
function loadCorpus(): CorpusDoc[] {
  const documents = openCorpus("bench:documents");
  const perClass = limit;
  if (!perClass) return documents;
  const seen = new Map<string, number>();
  return documents.filter((d) => {
    const n = (seen.get(d.class) ?? 0) + 1;
    seen.set(d.class, n);
    return n <= perClass;
  });
}

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
    body.push(...qualityAndSpeedBody(q, measured, speed, engineList));
    logQuality(q, engineList);
  }

  if (runs("e2e")) body.push(...e2eBody(await e2e(docs)));

  if (limit || process.argv.includes("--no-write")) {
    console.log(body.join("\n"));
    console.log("(not written: --limit / --no-write)");
  } else {
    writeSection(body);
    console.log(`bench:documents: updated "${SECTION}" of bench/RESULTS.md`);
  }
}

if (process.argv.includes("--help")) console.log(USAGE);
else await main();

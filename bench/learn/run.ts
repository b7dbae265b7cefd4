// Learn runs at scale (issue 13): a learn project with 10 000 documents in learn_documents (the first 10 000 Reuters-21578
// articles with a body, as bench:learn's speed part takes them: CORPUS.md, fetched at the first run) is learned by the
// real learn worker (lib/learn/services/request-learn-run.ts, then workers/learn/processor.ts: claim, read, fit, embed,
// cluster, keywords and samples, the one write transaction), then 100 more documents are posted and placed by an
// incremental run. Time of each run and the peak RSS of the process, on PGlite and on PostgreSQL, each in a process of
// its own; the baseline is the engine alone over the same texts (bench/learn/speed.ts, also a process of its own), so
// the ratio is what the database, the progress writes and the descriptions of the clusters cost on top.
//   npm run bench:learn-run                                          PGlite only
//   DATABASE_URL=postgres://…/postgres npm run bench:learn-run       PGlite and PostgreSQL (a database of its own, dropped)
//   … -- --write                                                     replaces "Learn runs (issue 13)" in bench/RESULTS.md
//   … -- --documents N --added N                                     other sizes (default 10 000 and 100)
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import postgres from "postgres";
import { loadArticles } from "./corpus";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const DOCUMENTS = opt("--documents", 10_000);
const ADDED = opt("--added", 100);
const child = args.includes("--child");
const started = performance.now();
const log = (msg: string) =>
  process.stderr.write(`[bench:learn-run ${((performance.now() - started) / 1000).toFixed(0)} s] ${msg}\n`);

type Measured = {
  database: string;
  documents: number;
  added: number;
  fullSeconds: number;
  incrementalSeconds: number;
  loadSeconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
  clusters: number;
  unclustered: number;
  placed: number;
  /** the engine's long steps in a child process (the embedded server's way, workers/learn/compute.ts) or in this one */
  isolated: boolean;
  /** the longest the process's event loop was held during the full run: what a request to the server waits at most */
  maxLoopDelayMs: number;
};

/** The database of this process: DATA_DIR's PGlite, or DATABASE_URL (the orchestrator made both). */
async function open() {
  process.env.SECRET_KEY ??= "bench-secret-key-bench-secret-key-0123456789";
  process.env.LOG_LEVEL ??= "warn";
  const { startedDb: getDb } = await import("@/lib/setup/bootstrap");
  return getDb();
}

async function close() {
  const { openedDbHandle } = await import("@/db/client");
  await openedDbHandle()?.close();
}

const database = () => (process.env.DATABASE_URL ? "PostgreSQL" : "PGlite");

type Db = Awaited<ReturnType<typeof open>>;
async function insertDocuments(
  db: Db,
  opts: { project: { id: string; systemId: string }; articles: ReturnType<typeof loadArticles> },
): Promise<void> {
  const { learnDocuments } = await import("@/db/schema");
  for (let i = 0; i < opts.articles.length; i += 1000) {
    await db.insert(learnDocuments).values(
      opts.articles.slice(i, i + 1000).map((a) => ({
        projectId: opts.project.id,
        systemId: opts.project.systemId,
        file: `r${String(a.id).padStart(5, "0")}.txt`,
        text: `${a.title}\n${a.body}`,
        pages: 1,
      })),
    );
  }
}

/**
 * `--child prepare`: migrates the database and stores the learn project with its documents, in a process of its own
 * (a fresh PGlite data directory takes ≈ 1 GB while it is made, STACK.md; the measured process opens it made).
 */
async function prepare(): Promise<void> {
  const db = await open();
  const { projects, systems } = await import("@/db/schema");
  const articles = loadArticles().slice(0, DOCUMENTS);
  if (articles.length < DOCUMENTS) throw new Error(`the corpus has ${articles.length} articles, fewer than needed`);
  const [system] = await db.insert(systems).values({ name: "BenchLearn", type: "Local" }).returning();
  const [project] = await db
    .insert(projects)
    .values({
      systemId: system?.id ?? "",
      name: "Reuters",
      type: "Learn",
      submissionKeyHash: randomBytes(8).toString("hex"),
      submissionKeySealed: "-",
    })
    .returning();
  if (!system || !project) throw new Error("no project");
  const loading = performance.now();
  await insertDocuments(db, { project, articles });
  process.stdout.write(`${JSON.stringify({ projectId: project.id, loadSeconds: (performance.now() - loading) / 1000 })}\n`);
  await close();
}

/** `--child measure <projectId>`: a full run, ADDED more documents, an incremental run; prints one JSON line. */
async function measure(projectId: string): Promise<void> {
  const db = await open();
  const { eq } = await import("drizzle-orm");
  const { learnClusters, learnRuns, projects } = await import("@/db/schema");
  const { requestLearnRun } = await import("@/lib/learn/services/request-learn-run");
  const { processLearnDelivery } = await import("@/workers/learn/processor");
  const { isolateLearnCompute } = await import("@/workers/learn/compute");
  // PGlite stands for the embedded default: its server computes beside itself; PostgreSQL for `npm run worker`
  const isolated = !process.env.DATABASE_URL;
  isolateLearnCompute(isolated);
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new Error("no project");
  const added = loadArticles().slice(DOCUMENTS, DOCUMENTS + ADDED);
  globalThis.gc?.();
  const rssBefore = process.memoryUsage().rss;
  const learn = async (onlyChanged: boolean) => {
    const run = await requestLearnRun(db, { caller: null, projectId, trigger: "Manual", onlyChanged });
    const began = performance.now();
    const outcome = await processLearnDelivery(db, { runId: run.id });
    const seconds = (performance.now() - began) / 1000;
    if (outcome.outcome !== "Ready") throw new Error(`the run ended ${outcome.outcome} ${outcome.code ?? ""}`);
    const [row] = await db.select().from(learnRuns).where(eq(learnRuns.id, run.id));
    return { seconds, summary: row?.summary ?? {} };
  };
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const full = await learn(false);
  loop.disable();
  const peakKb = process.resourceUsage().maxRSS;
  const clusters = (await db.select({ id: learnClusters.id }).from(learnClusters).where(eq(learnClusters.projectId, projectId)))
    .length;
  log(`${database()}: full run ${full.seconds.toFixed(1)} s, ${clusters} clusters; ${ADDED} more, incremental run`);
  await insertDocuments(db, { project, articles: added });
  const incremental = await learn(true);
  const measured: Omit<Measured, "loadSeconds"> = {
    database: database(),
    documents: DOCUMENTS,
    added: ADDED,
    fullSeconds: full.seconds,
    incrementalSeconds: incremental.seconds,
    rssBeforeMb: rssBefore / 1e6,
    peakRssMb: (peakKb * 1024) / 1e6,
    clusters,
    unclustered: full.summary.unclustered ?? 0,
    placed: incremental.summary.placed ?? 0,
    isolated,
    maxLoopDelayMs: loop.max / 1e6,
  };
  process.stdout.write(`${JSON.stringify(measured)}\n`);
  await close();
}

if (child) {
  const mode = args[args.indexOf("--child") + 1];
  if (mode === "prepare") await prepare();
  else await measure(args[args.indexOf("--child") + 2] ?? "");
  process.exit(0);
}

// ---- the orchestrator: the corpus, the baseline, one process per database, the table ----
log("corpus (fetched at the first run: CORPUS.md)");
loadArticles();
const loadAtStart = os.loadavg()[0] ?? 0;
const runChild = (file: string, childArgs: string[], env: NodeJS.ProcessEnv) =>
  JSON.parse(
    execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", file, ...childArgs], {
      encoding: "utf8",
      env,
      maxBuffer: 1 << 20,
      stdio: ["ignore", "pipe", "inherit"],
    })
      .trim()
      .split("\n")
      .at(-1) ?? "{}",
  );
const sizes = ["--documents", String(DOCUMENTS), "--added", String(ADDED)];
log("baseline: the engine alone (bench/learn/speed.ts)");
const engine = runChild(path.join(import.meta.dirname, "speed.ts"), sizes, process.env) as Record<string, number>;
const { DATABASE_URL: serverUrl, REDIS_URL: _redis, ...plain } = process.env;
/** One database: a temporary DATA_DIR (PGlite in it), or a database of its own on DATABASE_URL's server, dropped after. */
async function onDatabase(server: string | undefined): Promise<Measured> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-learn-run-"));
  const env: NodeJS.ProcessEnv = { ...plain, DATA_DIR: dataDir };
  const name = `docservice_bench_learn_${randomBytes(4).toString("hex")}`;
  const admin = server ? postgres(server, { max: 1, onnotice: () => {} }) : undefined;
  if (server && admin) {
    await admin.unsafe(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
  }
  try {
    const prepared = runChild(import.meta.filename, ["--child", "prepare", ...sizes], env) as {
      projectId: string;
      loadSeconds: number;
    };
    log(`${server ? "PostgreSQL" : "PGlite"}: ${DOCUMENTS} documents stored in ${prepared.loadSeconds.toFixed(1)} s; full run`);
    const measured = runChild(import.meta.filename, ["--child", "measure", prepared.projectId, ...sizes], env) as Measured;
    return { ...measured, loadSeconds: prepared.loadSeconds };
  } finally {
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Measured[] = [await onDatabase(undefined)];
if (serverUrl) results.push(await onDatabase(serverUrl));
else log("DATABASE_URL is not set: PostgreSQL left out");
const loadAtEnd = os.loadavg()[0] ?? 0;
process.stdout.write(`${JSON.stringify({ engine, results })}\n`);

const n = (x: number) => String(x).replace(/\B(?=(\d{3})+(?!\d))/g, " ");
/** a paragraph as lines of at most 120 characters */
function wrap(text: string, width = 120): string {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/\s+/)) {
    if (current && current.length + 1 + word.length > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  return [...lines, current].join("\n");
}
const yes = (ok: boolean) => (ok ? "yes" : "**no**");
const rows = [
  ["measurement", ...results.map((r) => r.database), "engine alone (baseline)", "target", "met?"],
  ["---", ...results.map(() => "---"), "---", "---", "---"],
  [
    `full run, ${n(DOCUMENTS)} documents (claim to Ready)`,
    ...results.map((r) => `${r.fullSeconds.toFixed(1)} s (${(r.fullSeconds / engine.fullSeconds!).toFixed(2)}×)`),
    `${engine.fullSeconds!.toFixed(1)} s`,
    "< 60 s",
    yes(results.every((r) => r.fullSeconds < 60)),
  ],
  [
    "peak RSS of the process (before the run)",
    ...results.map((r) => `${r.peakRssMb.toFixed(0)} MB (${r.rssBeforeMb.toFixed(0)} MB)`),
    `${engine.peakRssMb!.toFixed(0)} MB (${engine.rssBeforeMb!.toFixed(0)} MB)`,
    "< 1 GB",
    yes(results.every((r) => r.peakRssMb < 1000)),
  ],
  [
    `incremental run, ${ADDED} documents added`,
    ...results.map((r) => `${r.incrementalSeconds.toFixed(2)} s (${r.placed} placed)`),
    `${engine.incrementalSeconds!.toFixed(2)} s`,
    "< 5 s",
    yes(results.every((r) => r.incrementalSeconds < 5)),
  ],
  [
    "clusters made (+ documents in none)",
    ...results.map((r) => `${r.clusters} (+ ${r.unclustered})`),
    `${engine.clusters} (+ ${engine.unclustered})`,
    "—",
    "n/a",
  ],
  [
    "longest event-loop stall during the full run",
    ...results.map((r) => `${r.maxLoopDelayMs.toFixed(0)} ms (${r.isolated ? "engine in a child" : "engine inline"})`),
    "—",
    "—",
    "n/a",
  ],
  [
    "storing the documents (before, not part of the runs)",
    ...results.map((r) => `${r.loadSeconds.toFixed(1)} s`),
    "—",
    "—",
    "n/a",
  ],
];
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
const line = (r: string[]) =>
  `| ${r.map((cell, c) => (cell === "---" ? "-".repeat(widths[c]!) : cell.padEnd(widths[c]!))).join(" | ")} |`;
const table = rows.map(line).join("\n");
process.stdout.write(`${table}\n`);

if (args.includes("--write")) {
  const file = path.join(process.cwd(), "bench", "RESULTS.md");
  const text = readFileSync(file, "utf8");
  const busy = Math.max(loadAtStart, loadAtEnd) > 1.5 ? "other engineers' builds and tests ran" : "quiet";
  const intro =
    `\`npm run bench:learn-run\` (bench/learn/run.ts), ${new Date().toISOString().slice(0, 10)}, on the shared 2-core machine ` +
    `(load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end: ${busy}). A learn project with ` +
    `the first ${n(DOCUMENTS)} Reuters-21578 articles with a body in \`learn_documents\` (CORPUS.md; title + body) is learned ` +
    `by the real learn worker (\`requestLearnRun\`, then \`processLearnDelivery\`: claim, read, fitModel, embed, ` +
    `clusterDocuments, keywords and samples of every cluster, the one write transaction of the clusters, ${n(DOCUMENTS)} ` +
    `documents' vectors and the model), engine defaults; then ${ADDED} more articles are stored and placed by an ` +
    `incremental run (\`onlyChanged\`). Each database in a process of its own (PGlite inside it; the PostgreSQL server on ` +
    `the same machine), the documents stored by another process before (a fresh PGlite data directory takes ≈ 1 GB while ` +
    `it is made). The baseline is the engine alone over the same texts, also in a process of its own ` +
    `(bench/learn/speed.ts; its incremental run has half the clusters fixed). Ratios: the worker's time over the engine's.`;
  const reading =
    `How it reads: the worker adds to the engine what a run must do beyond it: reading the texts, the keywords and ` +
    `samples of every cluster (a full run describes them all), ${n(DOCUMENTS)} vectors (≈ 400 bytes each) and the model ` +
    `(≈ 1.2 MB of JSON) written in one transaction, and a progress row every second. PGlite runs the database inside the ` +
    `measured process, so its RSS holds the database too; PostgreSQL's memory is the server's, outside it. The ` +
    `incremental run embeds only the new texts, but reads the ${n(DOCUMENTS)} stored vectors of the learned documents ` +
    `and recomputes the keywords and samples of every cluster that took a new document (the texts of its members): that, ` +
    `not the engine, is its time. The longest event-loop stall is what a request to the same process waits at most ` +
    `while the full run computes: the embedded default's server (PGlite here) fits the model and clusters in a child ` +
    `process (workers/learn/compute.ts), so only the embedding chunks and the reads hold it; a worker process of ` +
    `its own (PostgreSQL here, \`npm run worker\`) computes inline, where nobody waits for it.`;
  const section = `## Learn runs (issue 13)\n\n${wrap(intro)}\n\n${table}\n\n${wrap(reading)}\n`;
  const re = /## Learn runs \(issue 13\)\n[\s\S]*?(?=\n## |$)/;
  const written = re.test(text) ? text.replace(re, section.trimEnd()) : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, `${written.trimEnd()}\n`);
  log("bench/RESULTS.md written");
}

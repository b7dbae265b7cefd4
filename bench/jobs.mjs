import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import postgres from "postgres";
import { invoiceText, jobBody } from "./job-bodies.mjs";
import { fmt, machine, otherCpuMeter, percentile, processTicks, writeResults } from "./measure.mjs";
import {
  databaseUrl,
  endGroup,
  groups,
  killGroup,
  removeBenchData,
  removeBenchFiles,
  runHelper,
  spawnGroup,
} from "./processes.mjs";
import {
  ADMIN_PASSWORD,
  api,
  DIST_DIR,
  ensureBuild,
  freshDir,
  root,
  sleep,
  startServer,
  stopServer,
  tmp,
  waitFor200,
} from "./server.mjs";

const PG_SERVER = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379";
const PORT = 3430;
const cores = os.availableParallelism();
const INTAKE_CONCURRENCY = 4;
const INTAKE_SECONDS = 10; // per side, in four alternating slices (baseline, ours, ours, baseline)
const PIPELINE_JOBS = Number(process.env.BENCH_PIPELINE_JOBS) || 2000;
const SEARCH_RUNS = Number(process.env.BENCH_SEARCH_RUNS) || 200;
const SEARCH_JOBS = Number(process.env.BENCH_SEARCH_JOBS) || 1_000_000; // smaller only to try the script out

// `--only=intake,search` runs those parts only (their rows of RESULTS.md are replaced, the others kept)
const only = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const runs = (part) => !only || only.includes(part);

const suffix = randomBytes(4).toString("hex");
const DB_NAME = `docservice_bench_${suffix}`;
const QUEUE_PREFIX = `docservice-bench-${suffix}`;
const dbUrl = databaseUrl(PG_SERVER, DB_NAME);

// `--profile`: CPU profiles of the server's and workers' node processes into bench/.tmp/profile-<suffix>/ (written as
// each ends), and every statement of the bench database in PostgreSQL's log (log_statement = all): to see where the
// time and the round trips go, not for the figures
const profileDir = process.argv.includes("--profile") ? path.join(tmp, `profile-${suffix}`) : undefined;

/** The environment of server, worker and helper: this run's database, queue prefix, files and secret. */
function jobEnv(dataDir) {
  const { DATABASE_URL, REDIS_URL: _r, QUEUE_PREFIX: _q, ...base } = process.env;
  return {
    ...base,
    ...(profileDir
      ? {
          NODE_OPTIONS: `${base.NODE_OPTIONS ?? ""} --require ${path.join(root, "bench", "profile-preload.cjs")}`.trim(),
          BENCH_PROFILE_DIR: profileDir,
        }
      : {}),
    DATABASE_URL: dbUrl,
    REDIS_URL,
    QUEUE_PREFIX,
    DATA_DIR: dataDir,
    SECRET_KEY: `bench-${suffix}-${randomBytes(16).toString("hex")}`,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

/** `node --import tsx bench/jobs-helper.ts <command>`; its one JSON line. */
function helper(command, env, logFile, extraEnv = {}) {
  return runHelper("bench/jobs-helper.ts", command, { ...env, ...extraEnv, LOG_LEVEL: "warn" }, logFile);
}

// ---------------------------------------------------------------------------------------------------------------
// CPU of other processes: the PostgreSQL backends of our database and Redis work for the benchmark. Sampled every
// 250 ms (a backend's last sample stays when it ends), so the meter counts them as ours.

const lastTicks = new Map(); // pid -> cumulative ticks last read
let tracker;
function redisPids() {
  return readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((p) => {
      try {
        return readFileSync(`/proc/${p}/comm`, "utf8").trim() === "redis-server";
      } catch {
        return false;
      }
    })
    .map(Number);
}
let redis = [];
async function sampleHelpers(admin) {
  const rows = await admin`select pid from pg_stat_activity where datname = ${DB_NAME}`;
  for (const pid of [...rows.map((r) => r.pid), ...redis]) if (!lastTicks.has(pid)) lastTicks.set(pid, 0);
  for (const pid of lastTicks.keys()) {
    const t = processTicks(pid);
    if (t !== undefined) lastTicks.set(pid, t);
  }
}
function startTracker(admin) {
  redis = redisPids();
  tracker = setInterval(() => sampleHelpers(admin).catch(() => {}), 250);
  tracker.unref();
}
const helperTicks = () => [...lastTicks.values()].reduce((a, b) => a + b, 0);
/** otherCpuMeter with our backends and Redis counted as ours; the stop samples them first. */
async function meter(admin, label) {
  await sampleHelpers(admin);
  const stop = otherCpuMeter(label, helperTicks);
  return async () => {
    await sampleHelpers(admin);
    return stop();
  };
}

// ---------------------------------------------------------------------------------------------------------------
// 1. intake

/** A plain-text invoice of about `bytes` bytes. */

// the client shares the machine's cores with the server: node:http on kept-alive connections and a multipart body
// put together by hand cost it far less than fetch and FormData
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One request through `agent`; status and body. */
function request(server, method, pathName, { headers = {}, body } = {}) {
  const url = new URL(pathName, server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method, agent, headers }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function postJob(server, token, projectName, n) {
  const { body, headers } = jobBody(projectName, n);
  const res = await request(server, "POST", "/api/jobs", { headers: { authorization: `Bearer ${token}`, ...headers }, body });
  if (res.status !== 200) throw new Error(`POST /api/jobs answered ${res.status}: ${res.text.slice(0, 300)}`);
  return JSON.parse(res.text).id;
}

/** The bare route handler of the same server (app/api/bench/intake, BENCH_ROUTES=1): the same body, the least work. */
async function postBare(server, projectName, n) {
  const { body, headers } = jobBody(projectName, n);
  const res = await request(server, "POST", "/api/bench/intake", { headers, body });
  if (res.status !== 201) throw new Error(`POST /api/bench/intake answered ${res.status}: ${res.text.slice(0, 300)}`);
  return JSON.parse(res.text).id;
}

/** The same rows as createJob, written directly: the job (Waiting), its file on disk, its job_files row. */
function bareIntake(pg, project, filesRoot) {
  return async (n) => {
    const bytes = invoiceText(n);
    const name = `invoice-${n}.txt`;
    const [job] = await pg`
      insert into jobs (auth_hash, system_id, project_id, project_name, creator_id, creator, state, client, client_info,
                        priority, log_level, use_default_log_level, properties)
      values (${createHash("sha256").update(randomBytes(32)).digest("base64url")}, ${project.systemId}, ${project.id},
              ${project.name}, ${project.creatorId}, ${project.creator}, 'Waiting', 'bench baseline', '', 5, 'Info', true, '[]')
      returning id`;
    const rel = `systems/${project.systemId}/jobs/${job.id}/order/${name}`;
    await mkdir(path.dirname(path.join(filesRoot, rel)), { recursive: true });
    await writeFile(path.join(filesRoot, rel), bytes);
    await pg`insert into job_files (job_id, kind, name, content_type, size, path)
             values (${job.id}, 'order', ${name}, 'text/plain', ${bytes.byteLength}, ${rel})`;
  };
}

/** `concurrency` loops of `op` for `seconds`; the latencies. */
async function closedLoop(op, seconds, concurrency, counter) {
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await op(counter.n++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return latencies;
}

async function intake({ server, token, setup, pg, filesRoot, admin }) {
  const [project] = await pg`select p.id, p.name, p.system_id as "systemId", u.id as "creatorId", u.name as creator
    from projects p join users u on u.system_id = p.system_id where p.name = ${setup.projectName} and u.name = ${setup.userName}`;
  const direct = bareIntake(pg, project, filesRoot);
  const bare = (n) => postBare(server, setup.projectName, n);
  const ours = (n) => postJob(server, token, setup.projectName, n);
  const counter = { n: 1 };
  for (let i = 0; i < 40; i++) await Promise.all([ours(counter.n++), bare(counter.n++)]); // warm-up
  const others = await meter(admin, "job intake");
  // slices in the order B O O B, twice: a drift of the machine's load over the run meets both sides alike
  const slice = INTAKE_SECONDS / 4;
  const b = [];
  const o = [];
  for (let round = 0; round < 2; round++) {
    b.push(...(await closedLoop(bare, slice, INTAKE_CONCURRENCY, counter)));
    o.push(...(await closedLoop(ours, slice, INTAKE_CONCURRENCY, counter)));
    o.push(...(await closedLoop(ours, slice, INTAKE_CONCURRENCY, counter)));
    b.push(...(await closedLoop(bare, slice, INTAKE_CONCURRENCY, counter)));
  }
  const otherRow = await others();
  // for scale: the same client and server on a route that reads nothing, and the bare work without any HTTP server
  const health = async () => {
    const res = await request(server, "GET", "/api/health");
    if (res.status !== 200) throw new Error(`GET /api/health answered ${res.status}`);
  };
  const scale = INTAKE_SECONDS / 2;
  const floor = (await closedLoop(health, scale, INTAKE_CONCURRENCY, counter)).length / scale;
  const directRate = (await closedLoop(direct, scale, INTAKE_CONCURRENCY, counter)).length / scale;
  const rate = (xs) => xs.length / INTAKE_SECONDS; // each side ran INTAKE_SECONDS in all
  const summary = (xs) => {
    const s = [...xs].sort((x, y) => x - y);
    return { rate: rate(xs), median: percentile(s, 50), p95: percentile(s, 95), n: xs.length };
  };
  const res = { ours: summary(o), bare: summary(b) };
  const ratio = res.ours.rate / res.bare.rate;
  console.log(
    `intake: POST /api/jobs ${fmt(res.ours.rate)} jobs/s (median ${fmt(res.ours.median)} ms, p95 ${fmt(res.ours.p95)} ms), ` +
      `bare route ${fmt(res.bare.rate)} jobs/s (median ${fmt(res.bare.median)} ms) = ${fmt(ratio, 2)}× baseline; ` +
      `GET /api/health ${fmt(floor)} /s; bare work without HTTP ${fmt(directRate)} /s`,
  );
  return [
    {
      measurement: `job intake baseline: a bare route handler in the same server (multipart parsed by the same parser, INSERT job, file written, INSERT job_files), ${INTAKE_CONCURRENCY} in flight`,
      value: `${fmt(res.bare.rate)} /s (median ${fmt(res.bare.median)} ms, p95 ${fmt(res.bare.p95)} ms)`,
      target: "—",
      met: "n/a",
    },
    {
      measurement: `job intake: POST /api/jobs, one 1 KB text file, ${INTAKE_CONCURRENCY} in flight (PostgreSQL, BullMQ)`,
      value: `${fmt(res.ours.rate)} /s = ${fmt(ratio, 2)}× baseline (median ${fmt(res.ours.median)} ms, p95 ${fmt(res.ours.p95)} ms)`,
      target: ">= 0.6× baseline",
      met: ratio >= 0.6 ? "yes" : "**no**",
    },
    otherRow,
    {
      measurement: `job intake, for scale: GET /api/health (no database), same client, ${INTAKE_CONCURRENCY} in flight`,
      value: `${fmt(floor)} /s; the bare route = ${fmt(res.bare.rate / floor, 2)}× of it, POST /api/jobs = ${fmt(res.ours.rate / floor, 2)}×`,
      target: "— (informational)",
      met: "n/a",
    },
    {
      measurement: `job intake, for scale: the bare route's work without an HTTP server (postgres.js INSERTs + file write in the client), ${INTAKE_CONCURRENCY} in flight`,
      value: `${fmt(directRate)} /s`,
      target: "— (informational)",
      met: "n/a",
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// 2. pipeline

/** The options enqueue() gives a job's delivery (lib/queue addJobDelivery). */
const DELIVERY_OPTIONS = {
  removeOnComplete: 1000,
  removeOnFail: 5000,
  priority: 6,
  attempts: 5,
  backoff: { type: "exponential", delay: 5000 },
};

/**
 * A bare BullMQ Worker of `concurrency` through `deliveries` (their data) on its own queue, each delivery handled by
 * `work`; from the first delivery taken to the last completed.
 */
async function bareWorker(queueName, deliveries, concurrency, work) {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName, { connection, prefix: QUEUE_PREFIX });
  await queue.addBulk(deliveries.map((data) => ({ name: "jobs", data, opts: DELIVERY_OPTIONS })));
  const workerConnection = connection.duplicate(); // BullMQ leaves a connection it was given open: quit below
  const n = deliveries.length;
  let first;
  let last;
  let done = 0;
  let resolveAll;
  const all = new Promise((r) => {
    resolveAll = r;
  });
  const worker = new Worker(
    queueName,
    async (job) => {
      first ??= performance.now();
      await work(job.data);
    },
    { connection: workerConnection, concurrency, prefix: QUEUE_PREFIX, lockDuration: 60_000, stalledInterval: 60_000 },
  );
  worker.on("completed", () => {
    last = performance.now();
    if (++done === n) resolveAll();
  });
  worker.on("failed", (_job, err) => console.error(`bare worker: ${err.message}`));
  await Promise.race([all, sleep(600_000)]);
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  await workerConnection.quit();
  await connection.quit();
  if (done !== n) throw new Error(`bare BullMQ worker: ${done} of ${n} deliveries done`);
  return { seconds: (last - first) / 1000, rate: n / ((last - first) / 1000) };
}

/** No-op deliveries (for scale: what BullMQ alone costs per job here). */
function noopWorker(n, concurrency) {
  const data = Array.from({ length: n }, (_, i) => ({ jobId: i + 1, priority: 5, restarts: 0 }));
  return bareWorker("bench-noop", data, concurrency, async () => {});
}

/**
 * The pipeline's baseline: the least a worker must do for a text job as the design keeps it, on the same Redis,
 * PostgreSQL and file store. `ids` are Waiting jobs the bare intake route made (one order file each); per delivery it
 * reads the order file (its path in the delivery), makes the attempt folder, writes the result and the work file, and
 * sets the job Ready with one UPDATE.
 */
async function designWorker({ pg, dataDir, setup }, ids, concurrency) {
  const filesRoot = path.join(dataDir, "files");
  const deliveries = ids.map(({ id, n }) => ({
    jobId: id,
    priority: 5,
    restarts: 0,
    path: `systems/${setup.systemId}/jobs/${id}/order/invoice-${n}.txt`,
  }));
  return bareWorker("bench-bare", deliveries, concurrency, async ({ jobId, path: rel }) => {
    const dir = path.join(filesRoot, path.posix.dirname(path.posix.dirname(rel)), "attempt-1");
    const text = await readFile(path.join(filesRoot, rel));
    await mkdir(dir);
    await Promise.all([
      writeFile(path.join(dir, "result-result.json"), JSON.stringify({ jobId, length: text.length })),
      writeFile(path.join(dir, `work-${path.posix.basename(rel)}`), text),
    ]);
    await pg`update jobs set state = 'Ready', finished = now() where id = ${jobId}`;
  });
}

/** `n` jobs through `post` (POST /api/jobs or the bare route), INTAKE_CONCURRENCY in flight; their ids and numbers. */
async function createJobs(n, from, post) {
  const made = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: INTAKE_CONCURRENCY }, async () => {
      while (next < n) {
        const k = from + next++;
        made.push({ id: await post(k), n: k });
      }
    }),
  );
  return made;
}

/** One `npm run worker` until every job of `ids` has ended; the span from the first claim to the last end. */
async function runWorker({ pg, env }, ids, logFile) {
  // profiled: node itself (what `npm run worker` runs), so that the stop reaches it and its profile is written
  const worker = profileDir
    ? spawnGroup(process.execPath, ["--import", "tsx", "workers/index.ts"], { env, logFile })
    : spawnGroup("npm", ["run", "worker"], { env, logFile });
  try {
    const deadline = performance.now() + 15 * 60_000;
    for (;;) {
      const [state] = await pg`select count(*) filter (where state in ('Ready', 'Error'))::int as done,
        count(*) filter (where state = 'Ready')::int as ready from jobs where id = any(${ids})`;
      if (state.done === ids.length) {
        const [span] = await pg`select extract(epoch from max(finished) - min(assigned))::float8 as seconds,
            (select coalesce(sum(documents), 0)::int from job_metrics where job_id = any(${ids})) as documents
          from jobs where id = any(${ids})`;
        const concurrency = readFileSync(logFile, "utf8").match(/"concurrency":(\d+)/)?.[1] ?? "?";
        return { ...span, ready: state.ready, rate: span.documents / span.seconds, concurrency };
      }
      if (performance.now() > deadline) throw new Error(`pipeline: ${state.done} of ${ids.length} jobs ended in 15 min`);
      const exited = await Promise.race([worker.exited, sleep(200)]);
      if (exited) throw new Error(`npm run worker ended early (${exited.code ?? exited.signal}); see ${logFile}`);
    }
  } finally {
    await endGroup(worker);
  }
}

async function pipeline(ctx) {
  const { pg, dataDir, admin, server, token, setup } = ctx;
  const ours = (k) => postJob(server, token, setup.projectName, k);
  const bareIntakeRoute = (k) => postBare(server, setup.projectName, k);
  // the intake's jobs and their BullMQ deliveries go (removed, as a user would), so the worker sees only the N below
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const jobsQueue = new Queue("jobs", { connection, prefix: QUEUE_PREFIX });
  await jobsQueue.drain(true);
  await pg`update jobs set state = 'Removed', deleted = now() where state = 'Waiting'`;
  console.log(`pipeline: creating ${PIPELINE_JOBS} jobs through POST /api/jobs…`);
  const ids = (await createJobs(PIPELINE_JOBS, 1_000_000, ours)).map((j) => j.id);
  const counts = await jobsQueue.getJobCounts("wait", "prioritized", "active");
  if (counts.wait + counts.prioritized !== PIPELINE_JOBS) throw new Error(`queue holds ${JSON.stringify(counts)}`);

  const others = await meter(admin, "job pipeline");
  // the baseline before and after ours (a drift of the machine's load meets both); its jobs are made by the bare intake
  // route just before, so no Waiting job of it is there while our worker runs
  const designRound = async (from) => {
    const made = await createJobs(PIPELINE_JOBS, from, bareIntakeRoute);
    const r = await designWorker(ctx, made, cores);
    const [left] = await pg`select count(*)::int as n from jobs where id = any(${made.map((j) => j.id)}) and state <> 'Ready'`;
    if (left.n) throw new Error(`bare worker: ${left.n} jobs not Ready`);
    return r;
  };
  console.log(`pipeline: baseline, a bare BullMQ Worker (concurrency ${cores}) doing the least a text job needs…`);
  const bare1 = await designRound(3_000_000);
  console.log(`pipeline: bare worker ${fmt(bare1.rate)} jobs/s (${fmt(bare1.seconds, 2)} s)`);
  console.log("pipeline: one `npm run worker`…");
  const run = await runWorker(ctx, ids, `${dataDir}-worker.log`);
  console.log(
    `pipeline: ${run.documents} documents (${run.ready} jobs Ready) in ${fmt(run.seconds, 2)} s = ${fmt(run.rate)} documents/s ` +
      `(worker concurrency ${run.concurrency})`,
  );
  const bare2 = await designRound(4_000_000);
  console.log(`pipeline: bare worker again ${fmt(bare2.rate)} jobs/s (${fmt(bare2.seconds, 2)} s)`);
  const otherRow = await others();
  // both rounds together: jobs over the time they took
  const bare = { rate: (2 * PIPELINE_JOBS) / (bare1.seconds + bare2.seconds) };
  const ratio = run.rate / bare.rate;
  console.log(`pipeline: ours = ${fmt(ratio, 2)}× the bare worker`);

  const noop = await noopWorker(PIPELINE_JOBS, cores);
  console.log(`pipeline: bare BullMQ no-op jobs ${fmt(noop.rate)} /s`);

  // what a higher worker concurrency gives (maxWorkerCount in this run's database only): the jobs wait on round trips
  const WHAT_IF = 8;
  await pg`update settings set value = jsonb_set(value, '{maxWorkerCount}', ${WHAT_IF}::text::jsonb) where key = 'serviceConfig'`;
  console.log(`pipeline: again with maxWorkerCount ${WHAT_IF}…`);
  const ids2 = (await createJobs(PIPELINE_JOBS, 2_000_000, ours)).map((j) => j.id);
  const run2 = await runWorker(ctx, ids2, `${dataDir}-worker-${WHAT_IF}.log`);
  console.log(`pipeline: concurrency ${run2.concurrency}: ${fmt(run2.rate)} documents/s (${fmt(run2.seconds, 2)} s)`);
  await pg`update settings set value = value - 'maxWorkerCount' where key = 'serviceConfig'`;
  await jobsQueue.close();
  await connection.quit();
  return [
    {
      measurement: `job pipeline baseline: a bare BullMQ Worker (concurrency ${cores}), per job: order file read, attempt folder, two files written, one UPDATE to Ready; ${PIPELINE_JOBS} jobs before and after ours`,
      value: `${fmt(bare.rate)} /s (${fmt(bare1.rate)} before, ${fmt(bare2.rate)} after)`,
      target: "—",
      met: "n/a",
    },
    {
      measurement: `job pipeline: ${PIPELINE_JOBS} jobs of one invoice text each, one \`npm run worker\` (concurrency ${run.concurrency}), first claim to last Ready`,
      value: `${fmt(run.rate)} documents/s (${fmt(run.seconds, 2)} s; ${run.ready} Ready)`,
      target: ">= 200 /s",
      met: run.rate >= 200 && run.ready === PIPELINE_JOBS ? "yes" : "**no**",
    },
    {
      measurement: "job pipeline relative to the bare worker",
      value: `${fmt(ratio, 2)}×`,
      target: ">= 0.6×",
      met: ratio >= 0.6 ? "yes" : "**no**",
    },
    otherRow,
    {
      measurement: `job pipeline, for scale: ${PIPELINE_JOBS} no-op jobs through a bare BullMQ Worker, concurrency ${cores}`,
      value: `${fmt(noop.rate)} /s (${fmt(noop.seconds, 2)} s)`,
      target: "— (informational)",
      met: "n/a",
    },
    {
      measurement: `job pipeline, same, with maxWorkerCount ${WHAT_IF} (bench database only)`,
      value: `${fmt(run2.rate)} documents/s (${fmt(run2.seconds, 2)} s; ${run2.ready} Ready; concurrency ${run2.concurrency})`,
      target: "— (informational)",
      met: "n/a",
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// 3. search

async function search({ env, dataDir, admin }) {
  console.log(`search: ${SEARCH_JOBS} jobs (several minutes)…`);
  const others = await meter(admin, "job search (seed and measurement)");
  const r = await helper("search", env, `${dataDir}-search.log`, {
    SEARCH_RUNS: String(SEARCH_RUNS),
    SEARCH_JOBS: String(SEARCH_JOBS),
  });
  const otherRow = await others();
  console.log(
    `search: ${r.size.rows} rows, jobs ${r.size.total} (heap ${r.size.heap}); shared_buffers ${r.size.shared_buffers}, ` +
      `work_mem ${r.size.work_mem}, parallel workers per gather ${r.size.parallel}; seeded in ${fmt(r.seedSeconds)} s`,
  );
  const rows = [];
  for (const x of r.results) {
    const ratio = x.ours.p95 / x.bare.p95;
    const met = ratio <= 1.5 && x.ours.p95 < 50;
    console.log(
      `search: ${x.name}: searchJobs p95 ${fmt(x.ours.p95)} ms (median ${fmt(x.ours.median)}), bare p95 ${fmt(x.bare.p95)} ms ` +
        `(median ${fmt(x.bare.median)}) = ${fmt(ratio, 2)}×; totalCount ${x.totalCount}`,
    );
    rows.push({
      measurement: `job search, ${SEARCH_JOBS / 1e6} M jobs in the system: ${x.name} — searchJobs vs bare SQL, p95 of ${x.ours.n}`,
      value: `${fmt(x.ours.p95)} ms vs ${fmt(x.bare.p95)} ms = ${fmt(ratio, 2)}× (medians ${fmt(x.ours.median)} / ${fmt(x.bare.median)} ms)`,
      target: "<= 1.5× and < 50 ms",
      met: met ? "yes" : `**no** (${[ratio > 1.5 ? "ratio" : "", x.ours.p95 >= 50 ? "50 ms" : ""].filter(Boolean).join(", ")})`,
    });
  }
  rows.push({
    measurement: "job search, for scale: the default search's bare SQL with an exact count instead of the capped one",
    value: `p95 ${fmt(r.exact.bare.p95)} ms (median ${fmt(r.exact.bare.median)} ms)`,
    target: "— (informational)",
    met: "n/a",
  });
  rows.push(otherRow);
  for (const [name, statements] of Object.entries(r.plans)) {
    console.log(`\n--- EXPLAIN ANALYZE of searchJobs' statements: ${name}`);
    for (const st of statements) console.log(`${st.sql}\n${st.plan}`);
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------------------

const m = machine();
console.log(`bench:jobs: ${m.cpu}, ${m.cores} cores, ${m.memGB} GB, Node ${m.node}; database ${DB_NAME}, prefix ${QUEUE_PREFIX}`);
const manifest = path.join(root, DIST_DIR, "app-path-routes-manifest.json");
// the intake's baseline is a route of the build (app/api/bench/intake)
const hasJobRoutes = existsSync(manifest) && readFileSync(manifest, "utf8").includes('"/api/bench/intake"');
ensureBuild(process.argv.includes("--build") || !hasJobRoutes);

const admin = postgres(PG_SERVER, { max: 1, onnotice: () => {} });
const dataDir = freshDir("jobs");
const baselineDir = freshDir("jobs-baseline");
const env = jobEnv(dataDir);
let server;
let pg;
const rows = [];
try {
  await admin.unsafe(`create database ${DB_NAME}`);
  if (profileDir) {
    await admin.unsafe(`alter database ${DB_NAME} set log_statement = 'all'`);
    console.log(`bench:jobs: --profile: CPU profiles in ${profileDir}, statements in PostgreSQL's log (database ${DB_NAME})`);
  }
  startTracker(admin);
  server = await startServer({ port: PORT, dataDir, env: { ...env, ADMIN_PASSWORD, BENCH_ROUTES: "1" } });
  await waitFor200(server, "/api/health/ready");
  const setup = await helper("setup", env, `${dataDir}-setup.log`);
  const { token } = await api(server, "POST", "/api/auth/login", {
    body: { systemName: setup.systemName, userName: setup.userName, password: setup.password },
  });
  pg = postgres(dbUrl, { max: INTAKE_CONCURRENCY, onnotice: () => {} });
  const ctx = { server, token, setup, pg, env, dataDir, admin, filesRoot: path.join(baselineDir, "files") };

  if (runs("intake")) {
    rows.push(...(await intake(ctx)));
    writeResults(rows);
  }
  if (runs("pipeline")) {
    rows.push(...(await pipeline(ctx)));
    writeResults(rows);
  }
  await stopServer(server); // the search calls our code directly
  server = undefined;
  if (runs("search")) {
    rows.push(...(await search(ctx)));
    writeResults(rows);
  }
  console.log("bench:jobs: updated bench/RESULTS.md");
} finally {
  clearInterval(tracker);
  if (server) await stopServer(server);
  for (const pid of [...groups]) killGroup(pid);
  await pg?.end({ timeout: 5 });
  await removeBenchData(admin, { dbName: DB_NAME, redisUrl: REDIS_URL, queuePrefix: QUEUE_PREFIX, label: "bench:jobs" });
  removeBenchFiles(tmp, [dataDir, baselineDir]);
}

// `npm run bench:load` (issue 14 §4): a mixed load against a built server and one `npm run worker` on PostgreSQL + Redis.
//   mix       for MIX_SECONDS: SESSIONS signed-in job managers, each alternating the job monitor page (web session
//             cookie) and the job search GET /api/v3/systems/{id}/jobs (bearer token) with a few filters, and POSTERS
//             clients posting one-text-file jobs (POST /api/jobs); count, errors, req/s, p50/p95/p99 per type, the
//             server's RSS at start, middle and end, and at the end every posted job Ready exactly once
//   unfiltered the same mix with the job search unfiltered (issue 26 §6: the intake's rate beside the heaviest search):
//             posts/s, the median post, all requests per second, the server's CPU per request (its process tree's CPU
//             time over the mix / requests) and its RSS at the end
//   floors    the same client concurrency (SESSIONS in flight, the posters running) on one request type at a time,
//             in slices ours, floor, floor, ours: the monitor page against a page of the same shell rendering a
//             static 25-row table, the search against a bare handler sending the search's own SQL (both exist only
//             with BENCH_ROUTES=1; docs/decisions.md "Bench-only floor routes")
//   queries   statements per request of each type: transactions of the bench database (pg_stat_database) over
//             sequential requests, nothing else running
//   scale-out the same mix against two `next start` on the same database, requests spread round-robin
// `--profile` runs the server with --cpu-prof (and the worker with bench/profile-preload.cjs) during a shorter mix and
// prints where their CPU time went (bench/load/profile.mjs); `--build` rebuilds first; `--keep-logs` keeps the logs in bench/.tmp/; `--no-write` leaves
// RESULTS.md alone. Needs BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) and BENCH_REDIS_URL
// (default redis://127.0.0.1:6379); makes a database docservice_bench_load_<random> and a queue prefix
// docservice-bench-load-<random>, both removed at the end (also after a failure, not after SIGKILL).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { jobBody } from "./job-bodies.mjs";
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

process.env.BENCH_DIST_DIR ||= ".next-bench-load"; // before server.mjs reads it
const { ADMIN_PASSWORD, api, DIST_DIR, ensureBuild, freshDir, root, sleep, startServer, stopServer, tmp, waitFor200 } =
  await import("./server.mjs");
const { codeVersion, fmt, machine, otherCpuMeter, percentile, processTree, treeMemoryMB } = await import("./measure.mjs");
const { summariseProfile } = await import("./load/profile.mjs");

const PG_SERVER = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379";
// BENCH_PORT: another pair of ports, so that two builds (two worktrees) run side by side under the same load of the machine
const PORTS = process.env.BENCH_PORT ? [Number(process.env.BENCH_PORT), Number(process.env.BENCH_PORT) + 1] : [3450, 3451];
const profile = process.argv.includes("--profile");
const SESSIONS = Number(process.env.BENCH_SESSIONS) || 40;
const POSTERS = Number(process.env.BENCH_POSTERS) || 10;
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS) || (profile ? 60 : 120);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS) || 15; // floors: 4 slices per pair
const EXISTING_JOBS = Number(process.env.BENCH_EXISTING_JOBS) || 5000;
const WARMUP_SECONDS = 15;
// `--parts=queries,mix,unfiltered,floors,scale` (the default: all; with --profile: queries,mix) picks the parts to run
const parts = (
  process.argv.find((a) => a.startsWith("--parts="))?.slice("--parts=".length) ??
  (profile ? "queries,mix" : "queries,mix,unfiltered,floors,scale")
).split(",");
/** what each session alternates in the mix and in the unfiltered mix */
const MIX_TYPES = ["monitor", "search"];
const UNFILTERED_TYPES = ["monitor", "searchAll"];
const bytes = {}; // response bytes per request type: { total, n }

const suffix = randomBytes(4).toString("hex");
const DB_NAME = `docservice_bench_load_${suffix}`;
const QUEUE_PREFIX = `docservice-bench-load-${suffix}`;
const dbUrl = databaseUrl(PG_SERVER, DB_NAME);

function loadEnv(dataDir, secret) {
  const { DATABASE_URL, REDIS_URL: _r, QUEUE_PREFIX: _q, NODE_OPTIONS: _n, ...base } = process.env;
  return {
    ...base,
    DATABASE_URL: dbUrl,
    REDIS_URL,
    QUEUE_PREFIX,
    DATA_DIR: dataDir,
    SECRET_KEY: secret,
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn", // one info line per API call would be a cost of its own here; every bench server logs alike
    // the bench signs in 90 times from one address within a minute (the API calls' limits stay: they are measured)
    RATE_LIMIT_SIGNIN_PER_ADDRESS: "0",
  };
}

function helper(command, env, logFile, extraEnv = {}) {
  return runHelper("bench/load/helper.ts", command, { ...env, ...extraEnv }, logFile);
}

/**
 * `next start` under `node --cpu-prof` (not allowed in NODE_OPTIONS), in a process group of our own; the same shape as
 * server.mjs's startServer, ended with endGroup.
 */
function startProfiledServer(port, env, dir) {
  const { DATABASE_URL: _d, ...rest } = env;
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const proc = spawnGroup(
    process.execPath,
    ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--cpu-prof-interval=500", next, "start", "-p", String(port)],
    { env: { ...rest, DATABASE_URL: env.DATABASE_URL }, logFile: `${env.DATA_DIR}.log` },
  );
  return { ...proc, port, t0: performance.now(), url: `http://127.0.0.1:${port}`, profiled: true };
}

// ---------------------------------------------------------------------------------------------------------------
// the client: node:http on kept-alive connections (cheaper for the shared cores than fetch)

const agents = new Map();
function agentOf(server) {
  let agent = agents.get(server.port);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: SESSIONS + POSTERS + 10 });
    agents.set(server.port, agent);
  }
  return agent;
}

function request(server, method, pathName, { headers = {}, body } = {}) {
  const url = new URL(pathName, server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, agent: agentOf(server), headers },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error("no answer within 60 s")));
    req.on("error", reject);
    req.end(body);
  });
}

const cookiesOf = (res) =>
  (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).filter((c) => !c.endsWith("=") && c.includes("="));

/** next-auth's credentials sign-in under /api/session (a browser session cookie), as a client of it would. */
async function webSignIn(server, systemName, userName, password) {
  const csrf = await request(server, "GET", "/api/session/csrf");
  if (csrf.status !== 200) throw new Error(`GET /api/session/csrf answered ${csrf.status}`);
  const { csrfToken } = JSON.parse(csrf.text);
  const body = new URLSearchParams({ csrfToken, systemName, userName, password, json: "true" }).toString();
  const res = await request(server, "POST", "/api/session/callback/credentials", {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
      cookie: cookiesOf(csrf).join("; "),
    },
    body,
  });
  const session = cookiesOf(res).find((c) => c.startsWith("docservice.session="));
  if (!session)
    throw new Error(`next-auth sign-in of ${userName} gave no session cookie (${res.status}): ${res.text.slice(0, 200)}`);
  return session;
}

// ---------------------------------------------------------------------------------------------------------------
// the request types

const SEARCHES = ["", "state=Error", "client=acme", "orderby=Priority:DESC", "project=Invoices", "clientinfo=batch%204"];
const MONITOR_QUERIES = ["", "", "state=Error", "client=acme"];

/** Each op: (server, user, n) -> throws on a wrong answer. */
function requestTypes(setup) {
  const systemPath = `/system/${encodeURIComponent(setup.systemName)}`;
  const size = (type, res) => {
    bytes[type] ??= { total: 0, n: 0 };
    bytes[type].total += Buffer.byteLength(res.text);
    bytes[type].n++;
  };
  const page = (pathName, marker, type) => async (server, user) => {
    const res = await request(server, "GET", pathName, { headers: { cookie: user.cookie } });
    size(type, res);
    if (res.status !== 200) throw new Error(`GET ${pathName} answered ${res.status}`);
    if (!res.text.includes(marker)) throw new Error(`GET ${pathName}: no ${marker} in the page`);
  };
  const search = (base, type) => async (server, user, n) => {
    const q = SEARCHES[n % SEARCHES.length];
    const res = await request(server, "GET", `${base}${q ? `?${q}` : ""}`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    size(type, res);
    if (res.status !== 200) throw new Error(`GET ${base}?${q} answered ${res.status}: ${res.text.slice(0, 200)}`);
    const json = JSON.parse(res.text);
    if (!(json.items ?? json.rows)?.length) throw new Error(`GET ${base}?${q}: no rows`);
  };
  return {
    monitor: (server, user, n) => {
      const q = MONITOR_QUERIES[n % MONITOR_QUERIES.length];
      return page(`${systemPath}/jobmonitor${q ? `?${q}` : ""}`, 'data-testid="job-bulk-actions"', "monitor")(server, user);
    },
    search: search(`/api/v3/systems/${setup.systemId}/jobs`, "search"),
    // the unfiltered mix's search: always the first of SEARCHES (none)
    searchAll: (server, user) => search(`/api/v3/systems/${setup.systemId}/jobs`, "searchAll")(server, user, 0),
    benchPage: page(`${systemPath}/benchtable`, "Bench table", "benchPage"),
    benchSearch: search("/api/bench/job-search", "benchSearch"),
    post: async (server, poster, n) => {
      const { body, headers } = jobBody(setup.projectName, n, "load poster");
      const res = await request(server, "POST", "/api/jobs", {
        headers: { authorization: `Bearer ${poster.token}`, ...headers },
        body,
      });
      if (res.status !== 200) throw new Error(`POST /api/jobs answered ${res.status}: ${res.text.slice(0, 200)}`);
      poster.posted.push(JSON.parse(res.text).id);
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// closed loops

function newStats() {
  return { latencies: [], errors: 0, firstErrors: [] };
}
function record(stats, ms, error) {
  if (error) {
    stats.errors++;
    if (stats.firstErrors.length < 5) stats.firstErrors.push(String(error.message ?? error));
  } else stats.latencies.push(ms);
}
function summary(stats, seconds) {
  const s = [...stats.latencies].sort((a, b) => a - b);
  return {
    count: s.length,
    errors: stats.errors,
    rate: s.length / seconds,
    p50: percentile(s, 50) ?? NaN,
    p95: percentile(s, 95) ?? NaN,
    p99: percentile(s, 99) ?? NaN,
    firstErrors: stats.firstErrors,
  };
}

/** A round-robin over the servers, shared by every loop of one run. */
function spreader(servers) {
  let i = 0;
  return () => servers[i++ % servers.length];
}

/**
 * Closed loops until `signal.stop`: each session alternates `types` (its own phase), each poster posts. Returns the
 * stats per type name.
 */
async function runLoops({ servers, sessions, posters, types, ops, signal, sessionTypes = types }) {
  const pick = spreader(servers);
  const stats = Object.fromEntries([...sessionTypes, ...(posters.length ? ["post"] : [])].map((t) => [t, newStats()]));
  let n = 0;
  const loop = async (who, order, k) => {
    for (let step = k; !signal.stop; step++) {
      const type = order[step % order.length];
      const t = performance.now();
      try {
        await ops[type](pick(), who, n++);
        record(stats[type], performance.now() - t);
      } catch (error) {
        record(stats[type], 0, error);
        await sleep(100); // a failing server is not hammered in a tight loop
      }
    }
  };
  await Promise.all([...sessions.map((s, k) => loop(s, sessionTypes, k)), ...posters.map((p) => loop(p, ["post"], 0))]);
  return stats;
}

async function timed(seconds, run) {
  const signal = { stop: false };
  const started = performance.now();
  const done = run(signal);
  await sleep(seconds * 1000);
  signal.stop = true;
  const stats = await done;
  return { stats, seconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------------------------
// measurements

/** utime + stime of a process tree in ms: the live processes' and what its leader reaped of ended children. */
function treeCpuMs(pid) {
  let ticks = 0;
  for (const p of processTree(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(f[11]) + Number(f[12]) + (p === pid ? Number(f[13]) + Number(f[14]) : 0);
    } catch {}
  }
  return ticks * 10; // USER_HZ 100
}

async function mix(ctx, servers, seconds, label, types = MIX_TYPES) {
  const cpu0 = servers.reduce((a, s) => a + treeCpuMs(s.pid), 0);
  const rss = [];
  const sample = () => rss.push({ at: performance.now(), mb: servers.reduce((a, s) => a + treeMemoryMB(s.pid).rss, 0) });
  sample();
  const sampler = setInterval(sample, 5000);
  const others = otherCpuMeter(label);
  const { stats, seconds: took } = await timed(seconds, (signal) =>
    runLoops({ servers, sessions: ctx.sessions, posters: ctx.posters, types, ops: ctx.ops, signal }),
  );
  const cpuMs = servers.reduce((a, s) => a + treeCpuMs(s.pid), 0) - cpu0;
  clearInterval(sampler);
  sample();
  const otherRow = others();
  const result = Object.fromEntries(Object.entries(stats).map(([t, s]) => [t, summary(s, took)]));
  const mid = rss[Math.floor(rss.length / 2)];
  // BENCH_RSS_SERIES=1: the server's RSS every 30 s of the mix, to tell a plateau from a slow rise in a long run
  if (process.env.BENCH_RSS_SERIES)
    console.log(
      `RSS every 30 s (${label}): ${rss
        .filter((_, i) => i % 6 === 0 || i === rss.length - 1)
        .map((r) => Math.round(r.mb))
        .join(" ")} MB`,
    );
  return {
    label,
    seconds: took,
    result,
    rss: { start: rss[0].mb, middle: mid.mb, end: rss.at(-1).mb, max: Math.max(...rss.map((r) => r.mb)) },
    others: otherRow,
    cpuPerRequest: cpuMs / Object.values(result).reduce((a, r) => a + r.count + r.errors, 0),
  };
}

/**
 * One request type against its floor with SESSIONS in flight (the posters running meanwhile), in slices ours, floor,
 * floor, ours so that drift of the machine hits both alike.
 */
async function floorPair(ctx, ours, floor) {
  const all = { [ours]: newStats(), [floor]: newStats() };
  const secs = { [ours]: 0, [floor]: 0 };
  for (const type of [ours, floor, floor, ours]) {
    const { stats, seconds } = await timed(SLICE_SECONDS, (signal) =>
      runLoops({
        servers: [ctx.servers[0]],
        sessions: ctx.sessions,
        posters: ctx.posters,
        types: [type],
        sessionTypes: [type],
        ops: ctx.ops,
        signal,
      }),
    );
    all[type].latencies.push(...stats[type].latencies);
    all[type].errors += stats[type].errors;
    all[type].firstErrors.push(...stats[type].firstErrors.slice(0, 5 - all[type].firstErrors.length));
    secs[type] += seconds;
  }
  return { ours: summary(all[ours], secs[ours]), floor: summary(all[floor], secs[floor]) };
}

/**
 * Statements per request: transactions committed in the bench database over `n` sequential requests of one type (no
 * worker and no other client yet). A statement outside a transaction is one; a transaction of several counts once.
 * A backend publishes its counts at most once a second, an idle one within 10 s (PostgreSQL 15's PGSTAT_IDLE_INTERVAL):
 * each reading waits that out.
 */
async function queriesPerRequest(ctx, admin, n = 40) {
  const settle = () => sleep(11_000);
  const xacts = async () => {
    await settle();
    return Number((await admin`select xact_commit + xact_rollback as x from pg_stat_database where datname = ${DB_NAME}`)[0].x);
  };
  const out = {};
  // the posts' jobs wait for the worker, which starts after this part (they join the exactly-once check)
  const by = (type) => (type === "post" ? ctx.posters[0] : ctx.sessions[0]);
  const types = ["monitor", "search", "post", "benchPage", "benchSearch"];
  for (const type of types) for (let i = 0; i < 5; i++) await ctx.ops[type](ctx.servers[0], by(type), i); // warm (first-use statements)
  // idle: what the server does on its own meanwhile (its readiness and settings reads, if any)
  let before = await xacts();
  const t0 = performance.now();
  const idle = ((await xacts()) - before) / ((performance.now() - t0) / 1000);
  const cpu = {};
  for (const type of types) {
    before = await xacts();
    const t = performance.now();
    const cpu0 = treeCpuMs(ctx.servers[0].pid);
    // unfiltered: i × (every filter count) picks the first query of each list
    for (let i = 0; i < n; i++) await ctx.ops[type](ctx.servers[0], by(type), i * SEARCHES.length * MONITOR_QUERIES.length);
    cpu[type] = (treeCpuMs(ctx.servers[0].pid) - cpu0) / n;
    const after = await xacts();
    out[type] = (after - before - idle * ((performance.now() - t) / 1000)) / n;
  }
  return { statements: out, cpu };
}

// ---------------------------------------------------------------------------------------------------------------
// exactly once

async function waitForJobs(pg, ids, timeoutMs = 10 * 60_000) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const [r] =
      await pg`select count(*) filter (where state in ('Ready', 'Error'))::int as done from jobs where id = any(${ids})`;
    if (r.done === ids.length) break;
    if (performance.now() > deadline) break;
    await sleep(1000);
  }
  const [check] = await pg`
    select count(*)::int as total,
           count(*) filter (where j.state = 'Ready')::int as ready,
           count(*) filter (where j.attempts = 1 and j.restarts = 0)::int as "oneAttempt",
           count(m.job_id)::int as "withMetrics",
           coalesce(sum((select count(*) from job_files f where f.job_id = j.id and f.kind = 'result')), 0)::int as "resultFiles"
    from jobs j left join job_metrics m on m.job_id = j.id where j.id = any(${ids})`;
  return { posted: ids.length, ...check };
}

// ---------------------------------------------------------------------------------------------------------------
// RESULTS.md

const SECTION = "## Load (issue 14 §4)";
const NOTES_MARK = "<!-- load:notes (kept by npm run bench:load) -->";

function writeSection(body) {
  const file = path.join(root, "bench", "RESULTS.md");
  const text = readFileSync(file, "utf8"); // read right before writing: others edit this file too
  const at = text.indexOf(`\n${SECTION}\n`);
  let before = text;
  let after = "";
  let notes = "";
  if (at >= 0) {
    before = text.slice(0, at + 1);
    const rest = text.slice(at + 1 + SECTION.length + 1);
    const next = rest.search(/^## /m);
    const old = next >= 0 ? rest.slice(0, next) : rest;
    after = next >= 0 ? rest.slice(next) : "";
    const mark = old.indexOf(NOTES_MARK);
    if (mark >= 0) notes = old.slice(mark + NOTES_MARK.length).trim();
  } else before = `${text.trimEnd()}\n\n`;
  const section = [SECTION, "", body.trim(), "", NOTES_MARK, "", notes, ""].join("\n");
  writeFileSync(file, `${before}${section}${after ? `\n${after}` : ""}`.replace(/\n{3,}/g, "\n\n"));
  // `biome check .` checks Markdown too: the tables as the formatter pads them
  spawnSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { cwd: root, stdio: "ignore" });
}

/**
 * Replaces one subsection of the Load section (from its heading to the next heading or the notes), or adds it before the
 * notes: a run of one part leaves the others' figures as they were.
 */
function replaceSubsection(heading, body) {
  const file = path.join(root, "bench", "RESULTS.md");
  const text = readFileSync(file, "utf8");
  const at = text.indexOf(`\n${SECTION}\n`);
  if (at < 0) return writeSection(body);
  const end = text.slice(at + 1).search(/^## /m);
  const sectionEnd = end > 0 ? at + 1 + end : text.length;
  const section = text.slice(at + 1, sectionEnd);
  const mark = section.indexOf(NOTES_MARK);
  // the figures only: the notes below the mark are kept as they are
  const from = section.slice(0, mark >= 0 ? mark : undefined).indexOf(`\n${heading}`);
  let next = mark >= 0 ? mark : section.length;
  if (from >= 0) {
    // up to the next subsection or the notes, whichever comes first
    const stop = section.slice(from + 1 + heading.length).search(/^### /m);
    if (stop >= 0) next = Math.min(next, from + 1 + heading.length + stop);
  }
  const [cutFrom, cutTo] = from >= 0 ? [from + 1, next] : [mark >= 0 ? mark : section.length, mark >= 0 ? mark : section.length];
  const updated = `${section.slice(0, cutFrom)}${body.trim()}\n\n${section.slice(cutTo)}`;
  writeFileSync(file, `${text.slice(0, at + 1)}${updated}${text.slice(sectionEnd)}`.replace(/\n{3,}/g, "\n\n"));
  spawnSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { cwd: root, stdio: "ignore" });
}

const ms = (x) => (Number.isFinite(x) ? fmt(x, x < 10 ? 1 : 0) : "—");
function typeRow(name, r) {
  return `| ${name} | ${r.count} | ${r.errors} | ${fmt(r.rate)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} |`;
}
const TYPE_HEAD = ["| request | count | errors | req/s | p50 ms | p95 ms | p99 ms |", "|---|---|---|---|---|---|---|"];
const TYPE_NAMES = {
  monitor: "job monitor page (GET /system/{name}/jobmonitor, session cookie)",
  search: "job search (GET /api/v3/systems/{id}/jobs, bearer)",
  searchAll: "job search, no filter (GET /api/v3/systems/{id}/jobs, bearer)",
  post: "job posting (POST /api/jobs, one 1 KB text file)",
  benchPage: "floor: same shell, static 25-row table (BENCH_ROUTES)",
  benchSearch: "floor: token check + the search's SQL built once (BENCH_ROUTES)",
};

const totalRate = (m) => Object.values(m.result).reduce((a, r) => a + r.rate, 0);

/** The unfiltered mix's figures in one line (the console). */
function unfilteredLine(u) {
  return (
    `posts ${fmt(u.result.post.rate)} /s (p50 ${ms(u.result.post.p50)} ms), all ${fmt(totalRate(u))} req/s, ` +
    `server CPU ${fmt(u.cpuPerRequest)} ms per request, ` +
    `RSS ${fmt(u.rss.start, 0)} / ${fmt(u.rss.middle, 0)} / ${fmt(u.rss.end, 0)} MB; ${u.others.value} other CPU`
  );
}

function mixTable(m) {
  const total = totalRate(m);
  return [
    ...TYPE_HEAD,
    ...Object.entries(m.result).map(([t, r]) => typeRow(TYPE_NAMES[t], r)),
    `| all | ${Object.values(m.result).reduce((a, r) => a + r.count, 0)} | ${Object.values(m.result).reduce((a, r) => a + r.errors, 0)} | ${fmt(total)} | | | |`,
  ];
}

// ---------------------------------------------------------------------------------------------------------------

const m = machine();
console.log(`bench:load: ${m.cpu}, ${m.cores} cores, ${m.memGB} GB, Node ${m.node}; database ${DB_NAME}, prefix ${QUEUE_PREFIX}`);
const manifest = path.join(root, DIST_DIR, "app-path-routes-manifest.json");
const hasBenchRoutes = existsSync(manifest) && readFileSync(manifest, "utf8").includes("/api/bench/job-search");
ensureBuild(process.argv.includes("--build") || !hasBenchRoutes);

const admin = postgres(PG_SERVER, { max: 1, onnotice: () => {} });
const dataDir = freshDir("load");
const secret = `bench-${suffix}-${randomBytes(16).toString("hex")}`;
const env = loadEnv(dataDir, secret);
const profileDir = path.join(tmp, `load-profile-${suffix}`);
const servers = [];
let worker;
let pg;
try {
  await admin.unsafe(`create database ${DB_NAME}`);
  const serverEnv = (port) => ({
    ...env,
    ADMIN_PASSWORD,
    BENCH_ROUTES: "1",
    NEXTAUTH_URL: `http://127.0.0.1:${port}/api/session`,
  });
  if (profile) mkdirSync(profileDir, { recursive: true });
  servers.push(
    profile
      ? await startProfiledServer(PORTS[0], { ...process.env, NODE_ENV: "production", ...serverEnv(PORTS[0]) }, profileDir)
      : await startServer({ port: PORTS[0], dataDir, env: serverEnv(PORTS[0]) }),
  );
  await waitFor200(servers[0], "/api/health/ready");
  console.log("seeding (system, users, existing jobs)…");
  const setup = await helper("setup", env, `${dataDir}-setup.log`, {
    SESSIONS: String(SESSIONS),
    EXISTING_JOBS: String(EXISTING_JOBS),
  });
  pg = postgres(dbUrl, { max: 2, onnotice: () => {} });
  console.log(`signing in ${SESSIONS} job managers (next-auth session + API token) and ${POSTERS} posters…`);
  const sessions = [];
  for (const name of setup.managers) {
    const cookie = await webSignIn(servers[0], setup.systemName, name, setup.password);
    const { token } = await api(servers[0], "POST", "/api/auth/login", {
      body: { systemName: setup.systemName, userName: name, password: setup.password },
    });
    sessions.push({ name, cookie, token });
  }
  const posters = [];
  for (let i = 0; i < POSTERS; i++) {
    const { token } = await api(servers[0], "POST", "/api/auth/login", {
      body: { systemName: setup.systemName, userName: setup.creator, password: setup.password },
    });
    posters.push({ token, posted: [] });
  }
  const ctx = { servers, sessions, posters, ops: requestTypes(setup) };

  let queries;
  if (parts.includes("queries")) {
    console.log("statements per request…");
    queries = await queriesPerRequest(ctx, admin);
    console.log(
      `  ${Object.entries(queries.statements)
        .map(([t, q]) => `${t} ${fmt(q, 2)} (server CPU ${fmt(queries.cpu[t])} ms)`)
        .join(", ")}`,
    );
  }

  // profiled: node itself (what `npm run worker` runs), so that the stop reaches it and its profile is written
  worker = profile
    ? spawnGroup(process.execPath, ["--import", "tsx", "workers/index.ts"], {
        env: {
          ...env,
          NODE_OPTIONS: `--require ${path.join(root, "bench", "profile-preload.cjs")}`,
          BENCH_PROFILE_DIR: path.join(profileDir, "worker"),
        },
        logFile: `${dataDir}-worker.log`,
      })
    : spawnGroup("npm", ["run", "worker"], { env, logFile: `${dataDir}-worker.log` });
  console.log(`warm-up ${WARMUP_SECONDS} s…`);
  const warmTypes = parts.includes("mix") ? MIX_TYPES : UNFILTERED_TYPES;
  await timed(WARMUP_SECONDS, (signal) => runLoops({ servers, sessions, posters, types: warmTypes, ops: ctx.ops, signal }));

  let one;
  if (parts.includes("mix")) {
    console.log(`mix: ${SESSIONS} sessions (monitor/search), ${POSTERS} posters, ${MIX_SECONDS} s, one server…`);
    one = await mix(ctx, servers, MIX_SECONDS, "the mix (one server)");
    for (const line of mixTable(one)) console.log(line);
    console.log(
      `RSS ${fmt(one.rss.start, 0)} / ${fmt(one.rss.middle, 0)} / ${fmt(one.rss.end, 0)} MB; ${one.others.value} other CPU`,
    );
  }

  let unfiltered;
  if (parts.includes("unfiltered")) {
    console.log(`unfiltered mix: ${SESSIONS} sessions (monitor/unfiltered search), ${POSTERS} posters, ${MIX_SECONDS} s…`);
    unfiltered = await mix(ctx, servers, MIX_SECONDS, "the unfiltered mix", UNFILTERED_TYPES);
    for (const line of mixTable(unfiltered)) console.log(line);
    console.log(unfilteredLine(unfiltered));
  }

  let floors;
  let two;
  if (parts.includes("floors")) {
    console.log(`floors: monitor vs bare page, search vs bare handler, ${SESSIONS} in flight, 4 × ${SLICE_SECONDS} s each…`);
    floors = {
      page: await floorPair(ctx, "monitor", "benchPage"),
      search: await floorPair(ctx, "search", "benchSearch"),
    };
    for (const [k, f] of Object.entries(floors))
      console.log(`  ${k}: ours ${fmt(f.ours.rate)} /s, floor ${fmt(f.floor.rate)} /s = ${fmt(f.ours.rate / f.floor.rate, 2)}×`);
  }
  if (parts.includes("scale")) {
    console.log("scale-out: a second server on the same database…");
    servers.push(await startServer({ port: PORTS[1], dataDir, env: serverEnv(PORTS[1]) }));
    await waitFor200(servers[1], "/api/health/ready");
    await timed(WARMUP_SECONDS, (signal) =>
      runLoops({ servers, sessions, posters, types: ["monitor", "search"], ops: ctx.ops, signal }),
    );
    two = await mix(ctx, servers, MIX_SECONDS, "the mix (two servers)");
    for (const line of mixTable(two)) console.log(line);
  }

  console.log(
    `response bytes: ${Object.entries(bytes)
      .map(([t, b]) => `${t} ${fmt(b.total / b.n / 1024)} KB`)
      .join(", ")}`,
  );
  console.log("waiting for every posted job to end…");
  const ids = posters.flatMap((p) => p.posted);
  const once = await waitForJobs(pg, ids);
  console.log(`  ${JSON.stringify(once)}`);

  let profileText = "";
  if (profile) {
    for (const s of servers.splice(0)) await endGroup(s, 60_000); // the profile is written at exit (Next exits on SIGTERM)
    await endGroup(worker, 60_000);
    worker = undefined;
    profileText = summariseProfile(profileDir);
    console.log(profileText);
    console.log(`\nthe worker:\n\n${summariseProfile(path.join(profileDir, "worker"))}`);
  }

  const unfilteredLines = unfiltered
    ? [
        `### The unfiltered mix, one server, ${fmt(unfiltered.seconds, 0)} s (issue 26 §6: the job search without any filter)`,
        "",
        ...mixTable(unfiltered),
        "",
        "| posts/s | post p50 ms | all req/s | server CPU per request | server RSS at the end |",
        "|---|---|---|---|---|",
        `| ${fmt(unfiltered.result.post.rate)} | ${ms(unfiltered.result.post.p50)} | ${fmt(totalRate(unfiltered))} | ` +
          `${fmt(unfiltered.cpuPerRequest)} ms | ${fmt(unfiltered.rss.end, 0)} MB |`,
        "",
        `- ${unfiltered.others.measurement}: ${unfiltered.others.value}`,
      ]
    : [];
  if (!process.argv.includes("--no-write") && !one && unfiltered) {
    replaceSubsection("### The unfiltered mix", unfilteredLines.join("\n"));
    console.log("bench:load: updated the unfiltered mix of the Load section of bench/RESULTS.md");
  }
  if (!process.argv.includes("--no-write") && one && queries) {
    const onceOk = once.total === once.posted && once.ready === once.posted && once.oneAttempt === once.posted;
    const errors = (x) => Object.values(x.result).reduce((a, r) => a + r.errors, 0);
    // the count, and the first three messages when there were any
    const errorsSaid = (x) =>
      `${errors(x)}${
        errors(x)
          ? ` (${Object.values(x.result)
              .flatMap((r) => r.firstErrors)
              .slice(0, 3)
              .join("; ")})`
          : ""
      }`;
    const lines = [
      `Measured by \`npm run bench:load${profile ? " -- --profile" : ""}\` (bench/load.mjs; bench/README.md). Not a test.`,
      "",
      `- Date: ${new Date().toISOString()}`,
      `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memGB} GB, Node ${m.node}; PostgreSQL and Redis on the same machine, client too`,
      `- Code: ${codeVersion()} (build in \`${DIST_DIR}\`)`,
      `- Set-up: \`next start\` + one \`npm run worker\` on PostgreSQL + Redis (a database and a queue prefix of their own); ` +
        `${EXISTING_JOBS} finished jobs in the system beforehand; ${SESSIONS} job managers signed in through next-auth ` +
        `(a session cookie each, and an API token each for the search), each alternating the two requests; ${POSTERS} ` +
        `clients posting jobs; closed loops, no think time; ${WARMUP_SECONDS} s warm-up first`,
      "",
      `### The mix, one server, ${fmt(one.seconds, 0)} s`,
      "",
      ...mixTable(one),
      "",
      `- Server RSS (process tree): ${fmt(one.rss.start, 0)} MB at the start, ${fmt(one.rss.middle, 0)} MB in the middle, ` +
        `${fmt(one.rss.end, 0)} MB at the end (max ${fmt(one.rss.max, 0)} MB)`,
      `- ${one.others.measurement}: ${one.others.value}`,
      `- Posted jobs: ${once.posted}; Ready ${once.ready}, one attempt and no restart ${once.oneAttempt}, with their metrics row ` +
        `${once.withMetrics} — ${onceOk ? "all Ready exactly once" : "**not all Ready exactly once**"}`,
      `- Errors: ${errorsSaid(one)}`,
      "",
      "Statements per request (transactions of the bench database over 40 sequential requests, unfiltered) and the " +
        "server's CPU per request over them:",
      "",
      "| request | statements | server CPU ms |",
      "|---|---|---|",
      ...Object.entries(queries.statements).map(([t, q]) => `| ${TYPE_NAMES[t]} | ${fmt(q, 1)} | ${fmt(queries.cpu[t])} |`),
    ];
    if (unfiltered) lines.push("", ...unfilteredLines);
    if (floors) {
      const pr = floors.page.ours.rate / floors.page.floor.rate;
      const sr = floors.search.ours.rate / floors.search.floor.rate;
      lines.push(
        "",
        `### Against the framework's floor (${SESSIONS} in flight on one request type, ${POSTERS} posters running, slices ours/floor/floor/ours of ${SLICE_SECONDS} s)`,
        "",
        ...TYPE_HEAD,
        typeRow(TYPE_NAMES.monitor, floors.page.ours),
        typeRow(TYPE_NAMES.benchPage, floors.page.floor),
        typeRow(TYPE_NAMES.search, floors.search.ours),
        typeRow(TYPE_NAMES.benchSearch, floors.search.floor),
        "",
        "| target | value | met? |",
        "|---|---|---|",
        `| job monitor ≥ 0.5× the bare page | ${fmt(pr, 2)}× | ${pr >= 0.5 ? "yes" : "**no**"} |`,
        `| job search ≥ 0.6× the bare handler | ${fmt(sr, 2)}× | ${sr >= 0.6 ? "yes" : "**no**"} |`,
        `| 0 errors in the mix | ${errors(one)} | ${errors(one) === 0 ? "yes" : "**no**"} |`,
        `| memory flat (end ≤ middle + 10 %) | ${fmt(one.rss.middle, 0)} → ${fmt(one.rss.end, 0)} MB | ${one.rss.end <= one.rss.middle * 1.1 ? "yes" : "**no**"} |`,
        `| every posted job Ready exactly once | ${once.ready} of ${once.posted} | ${onceOk ? "yes" : "**no**"} |`,
      );
    }
    if (two) {
      const tot = (x) => Object.values(x.result).reduce((a, r) => a + r.rate, 0);
      lines.push(
        "",
        `### Scale-out: the same mix against two \`next start\` on the same database (round-robin), ${fmt(two.seconds, 0)} s`,
        "",
        ...mixTable(two),
        "",
        `- All requests: ${fmt(tot(two))} /s against ${fmt(tot(one))} /s with one server = ${fmt(tot(two) / tot(one), 2)}×; ` +
          `monitor ${fmt(two.result.monitor.rate / one.result.monitor.rate, 2)}×, search ${fmt(two.result.search.rate / one.result.search.rate, 2)}×, ` +
          `posting ${fmt(two.result.post.rate / one.result.post.rate, 2)}×`,
        `- RSS of both servers: ${fmt(two.rss.start, 0)} → ${fmt(two.rss.end, 0)} MB; ${two.others.measurement}: ${two.others.value}`,
        `- Errors: ${errorsSaid(two)}`,
      );
    }
    if (profileText) lines.push("", "### Where the server's CPU time went (`--cpu-prof` during the mix)", "", profileText);
    writeSection(lines.join("\n"));
    console.log("bench:load: updated the Load section of bench/RESULTS.md");
  }
} finally {
  if (worker) await endGroup(worker);
  for (const s of servers) await (s.profiled ? endGroup(s) : stopServer(s));
  for (const pid of [...groups]) killGroup(pid);
  for (const a of agents.values()) a.destroy();
  await pg?.end({ timeout: 5 });
  await removeBenchData(admin, { dbName: DB_NAME, redisUrl: REDIS_URL, queuePrefix: QUEUE_PREFIX, label: "bench:load" });
  removeBenchFiles(tmp, [dataDir, profileDir]);
}

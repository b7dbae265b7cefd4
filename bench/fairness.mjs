// npm run bench:fairness (issue 26 §5): one tenant's backlog of 2 000 jobs (BENCH_BIG) and another tenant's 20 jobs
// posted after it, on both runners (embedded: PGlite and the in-process runner; PostgreSQL + Redis: BullMQ workers),
// with fair share and with the order before it (FAIR_SHARE=off: priority, then age), each in a fresh database; and the
// small tenant's 20 jobs alone, its own processing time. Target: the small tenant's last job ends within about
// 2 × its own time × the busy tenants (2); throughput (all jobs) within 5 % of the order before.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { fmt } from "./measure.mjs";
import { databaseUrl, removeBenchData } from "./processes.mjs";
import { root, tmp } from "./server.mjs";

const PG_SERVER = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.BENCH_REDIS_URL || "redis://127.0.0.1:6379";
const BIG = Number(process.env.BENCH_BIG) || 2000;

async function run(runner, scenario, fair) {
  const suffix = randomBytes(4).toString("hex");
  const { DATABASE_URL: _d, REDIS_URL: _r, QUEUE_PREFIX: _q, ...base } = process.env;
  const env = {
    ...base,
    FAIR_SHARE: fair ? "on" : "off",
    LOG_LEVEL: "warn",
    NEXT_TELEMETRY_DISABLED: "1",
    BENCH_BIG: String(BIG),
  };
  const dataDir = mkdtempSync(path.join(tmp, `fairness-${suffix}-`));
  env.DATA_DIR = dataDir;
  env.SECRET_KEY = `bench-${suffix}`;
  const admin = runner === "bullmq" ? postgres(PG_SERVER, { max: 1, onnotice: () => {} }) : undefined;
  const dbName = `docservice_fair_${suffix}`;
  const queuePrefix = `docservice-fair-${suffix}`;
  if (admin) {
    await admin.unsafe(`create database ${dbName}`);
    env.DATABASE_URL = databaseUrl(PG_SERVER, dbName);
    env.REDIS_URL = REDIS_URL;
    env.QUEUE_PREFIX = queuePrefix;
  }
  try {
    const child = spawnSync(process.execPath, ["--import", "tsx", "bench/fairness-run.ts", scenario], {
      cwd: root,
      env,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = child.stdout.trim().split("\n").pop() ?? "";
    if (child.status !== 0 || !line.startsWith("{")) throw new Error(`${runner} ${scenario}: ${child.stderr.slice(-3000)}`);
    const result = JSON.parse(line);
    console.log(runner, scenario, fair ? "fair" : "before", result);
    return result;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (admin) await removeBenchData(admin, { dbName, redisUrl: REDIS_URL, queuePrefix, label: "fairness" });
  }
}

const rows = [];
for (const runner of ["embedded", "bullmq"]) {
  const alone = await run(runner, "alone", true);
  const fair = await run(runner, "backlog", true);
  const before = await run(runner, "backlog", false);
  const bound = 2 * alone.smallMs * 2;
  const label = runner === "embedded" ? "embedded (PGlite, in-process runner)" : "PostgreSQL + Redis (BullMQ workers)";
  rows.push(
    {
      measurement: `fair share, ${label}: the small tenant's 20 jobs, posted after ${BIG} of another, last one ended after`,
      value: `${fmt(fair.smallMs / 1000, 2)} s (order before: ${fmt(before.smallMs / 1000, 2)} s; alone: ${fmt(alone.smallMs / 1000, 2)} s)`,
      target: `≤ ${fmt(bound / 1000, 2)} s (2 × alone × 2 tenants)`,
      met: fair.smallMs <= bound ? "yes" : "no",
    },
    {
      measurement: `fair share, ${label}: throughput of all ${BIG + 20} jobs`,
      value: `${fmt(((BIG + 20) / fair.allMs) * 1000, 1)} jobs/s (order before: ${fmt(((BIG + 20) / before.allMs) * 1000, 1)} jobs/s)`,
      target: "≥ 95 % of the order before",
      met: before.allMs / fair.allMs >= 0.95 ? "yes" : "no",
    },
  );
}
// RESULTS.md "Fair share" by hand (writeResults wants a server build this bench does not make)
console.log("\n| measurement | value | target | met? |\n|---|---|---|---|");
for (const r of rows) console.log(`| ${r.measurement} | ${r.value} | ${r.target} | ${r.met} |`);

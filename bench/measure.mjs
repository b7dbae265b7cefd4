// Measuring side of the benchmarks: process memory and CPU, machine facts, RESULTS.md.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { DIST_DIR, root } from "./server.mjs";

/** The pid and all its descendants, found through the ppid field of /proc/<pid>/stat. */
export function processTree(pid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // the command name may contain spaces and parentheses: fields start after the last ")"
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {}
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) for (const [p, pp] of parents) if (pp === tree[i]) tree.push(p);
  return tree;
}

/** Sum of VmRSS (now) and VmHWM (peak) in MB over the process tree. */
export function treeMemoryMB(pid) {
  let rss = 0;
  let peak = 0;
  for (const p of processTree(pid)) {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    } catch {}
  }
  return { rss: rss / 1024, peak: peak / 1024, processes: processTree(pid).length };
}

/** Which code was measured: HEAD, and whether the work tree had uncommitted changes (migrations load from it). */
export function codeVersion() {
  const git = (...args) => spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout?.trim() ?? "";
  const dirty = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench") !== "";
  return `${git("rev-parse", "--short", "HEAD") || "unknown"}${dirty ? " + uncommitted changes" : ""}`;
}

/** A run as the results table names it: "2026-11-28 895cb4d, AMD EPYC" ("+" after the code: uncommitted changes). */
export function runLabel(date, code, cpu) {
  const shortCode = code.replace(/ \+ uncommitted changes.*$/, "+").replace(/ \(.*$/, "");
  const shortCpu = String(cpu)
    .replace(/\((R|TM)\)/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .split(" ")
    .slice(0, 2)
    .join(" ");
  return `${date.slice(0, 10)} ${shortCode}, ${shortCpu}`;
}

export function machine() {
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? os.cpus()[0]?.model;
  return { cpu, cores: os.availableParallelism(), memGB: (os.totalmem() / 1024 ** 3).toFixed(1), node: process.version };
}

export const fmt = (n, digits = 1) => Number(n).toFixed(digits);
export function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** utime + stime of one process in clock ticks, or undefined when it is gone. */
export function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(f[11]) + Number(f[12]);
  } catch {
    return undefined;
  }
}

/**
 * The machine is shared (builds, tests of other engineers): meters the CPU that processes outside this
 * benchmark used between start and stop, in cores, from /proc/stat minus this process tree (reaped children
 * included). `extraTicks()` is the cumulative CPU (clock ticks) of further processes that work for the benchmark
 * (its PostgreSQL backends, Redis): what it grew by between start and stop counts as the benchmark's.
 */
export function otherCpuCores(extraTicks = () => 0) {
  const tick = 100; // USER_HZ
  const busyAll = () => {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    return f[0] + f[1] + f[2] + f[5] + f[6] + f[7]; // user nice system irq softirq steal
  };
  const ours = () => {
    let t = 0;
    for (const p of processTree(process.pid)) {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, "utf8");
        const f = stat
          .slice(stat.lastIndexOf(")") + 2)
          .split(" ")
          .map(Number);
        t += f[11] + f[12] + (p === process.pid ? f[13] + f[14] : 0); // utime stime (+ cutime cstime of reaped children)
      } catch {}
    }
    return t;
  };
  const t0 = performance.now();
  const all0 = busyAll();
  const ours0 = ours();
  const extra0 = extraTicks();
  return () => {
    const seconds = (performance.now() - t0) / 1000;
    const extra = extraTicks() - extra0;
    return Math.max(0, busyAll() - all0 - (ours() - ours0) - extra) / tick / seconds;
  };
}

/** otherCpuCores as a row of RESULTS.md: "CPU used by other processes during <label>" */
export function otherCpuMeter(label, extraTicks = () => 0) {
  const stop = otherCpuCores(extraTicks);
  return () => {
    const cores = stop();
    return {
      measurement: `CPU used by other processes during ${label}`,
      value: `${fmt(cores, 2)} of ${os.availableParallelism()} cores`,
      target: "≈ 0 for clean figures",
      met: cores < 0.2 ? "yes" : "**no**",
    };
  };
}

/**
 * Rows { measurement, value, target, met } replace the rows of the same name in RESULTS.md, so a single
 * script run updates its own lines and keeps the others; a full run (`replace`) writes only its own.
 */
export function writeResults(rows, { replace = false } = {}) {
  const file = path.join(root, "bench", "RESULTS.md");
  const kept = new Map();
  // sections of their own below the table ("## …", e.g. the scheduler tick's of `npm run bench:scheduler`) stay
  const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
  const sectionsAt = previous.search(/^## /m);
  const sections = sectionsAt >= 0 ? previous.slice(sectionsAt).trimEnd() : "";
  if (!replace && previous) {
    // a row of a table without the run column was measured by the run its header names
    const header = (name) => new RegExp(`^- ${name}: (.*)$`, "m").exec(previous)?.[1] ?? "";
    const before = runLabel(header("Date"), header("Code"), header("CPU").replace(/, \d+ cores$/, ""));
    for (const line of previous.slice(0, sectionsAt >= 0 ? sectionsAt : undefined).split("\n")) {
      const cells = line
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim());
      if ((cells.length === 4 || cells.length === 5) && cells[0] !== "measurement" && !/^-+$/.test(cells[0]))
        kept.set(cells[0], cells.length === 5 ? cells : [...cells, before]);
    }
  }
  // rows of the sections' own tables belong there (an earlier writer copied them up into this table)
  for (const line of sections.split("\n")) {
    const name = line.split("|").slice(1, -1)[0]?.trim();
    if (name && !replace) kept.delete(name);
  }
  const m = machine();
  const now = new Date().toISOString();
  const run = runLabel(now, codeVersion(), m.cpu);
  for (const r of rows) kept.set(r.measurement, [r.measurement, r.value, r.target, r.met, run]);
  const text = [
    "# Benchmark results",
    "",
    "Measurements, not tests: produced by `npm run bench` (see README.md), never asserted in the test suite. Each script",
    "replaces only its own rows of the table; the last column names the run that measured a row (date, code, CPU). The",
    "latest run:",
    "",
    `- Date: ${now}`,
    `- CPU: ${m.cpu}, ${m.cores} cores`,
    `- Memory: ${m.memGB} GB`,
    `- Node: ${m.node}`,
    `- Code: ${codeVersion()} (build in \`${DIST_DIR}\` from ${statSync(path.join(root, DIST_DIR, "BUILD_ID")).mtime.toISOString()})`,
    "- Server: `next start` of a production build (`.next-bench`), embedded default (PGlite in DATA_DIR, in-process runner)",
    ...([...kept.keys()].some((name) => name.startsWith("job "))
      ? [
          "- Job rows (`npm run bench:jobs`): that server and one `npm run worker` on the machine's PostgreSQL and Redis " +
            "(a database and a queue prefix of their own, removed afterwards)",
        ]
      : []),
    "",
    "| measurement | value | target | met? | run |",
    "|---|---|---|---|---|",
    ...[...kept.values()].map((c) => `| ${c.join(" | ")} |`),
    "",
    "Baselines of the auth-overhead rows (sequential calls on one kept-alive connection, client on the same machine):",
    "`GET /api/health` is public and reads no database; `GET /api/info` is public and reads one settings row;",
    "`GET /api/users/adminRoles` with a bearer token answers a constant like health, so it differs from health only by",
    "the token check (SHA-256 of the token, one select of sessions by its unique token-hash index joined to users and",
    "systems); `GET /api/users/{adminId}` with a bearer token does the token check plus the user read (users joined to",
    'systems). "Added" is always a difference of medians.',
    "",
    ...(sections ? [sections, ""] : []),
  ];
  writeFileSync(file, text.join("\n"));
  // `biome check .` (lint, CI) checks Markdown too: leave the table as the formatter pads it
  spawnSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { cwd: root, stdio: "ignore" });
}

export const isMain = (meta) => process.argv[1] && path.resolve(process.argv[1]) === meta.filename;

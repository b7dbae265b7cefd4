// `npm test` as a new user meets it (issue 23 §1): a fresh clone of HEAD, `npm install` (not timed), then the README's
// test command timed, on a quiet machine or beside `--busy N` CPU-bound processes. `--write` puts the run's row in
// the "Test suite" section of bench/RESULTS.md (one row per kind: quiet, beside N processes).
//
//   npm run bench:tests                   # quiet
//   npm run bench:tests -- --busy 2       # beside two CPU-bound processes, which the run must survive
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { stripVTControlCharacters } from "node:util";
import { machine, runLabel } from "./measure.mjs";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const busy = args.includes("--busy") ? Number(args[args.indexOf("--busy") + 1]) : 0;
const write = args.includes("--write");
// outside the project: its tsc, biome and vitest must not meet a second copy of the sources
const clone = path.join(os.tmpdir(), `docservice-suite-clone-${process.pid}`);
const log = path.join(root, "bench", ".tmp", `tests-${busy ? `busy${busy}` : "quiet"}.log`);
const SECTION = "## Test suite (issue 23 §1)";
const NOTES_MARK = "<!-- tests:notes (kept by npm run bench:tests) -->";

const run = (cmd, argv, cwd) => {
  const r = spawnSync(cmd, argv, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed (${r.status})`);
  return r.stdout.trim();
};

/** CPU seconds of this process's reaped children (cutime + cstime of /proc/self/stat): the whole test run's tree. */
function childrenCpuSeconds() {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const f = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  return (f[13] + f[14]) / 100;
}

const minutes = (s) => `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, "0")} s`;

mkdirSync(path.dirname(log), { recursive: true });
rmSync(clone, { recursive: true, force: true });
run("git", ["clone", "--quiet", root, clone], root);
const code = run("git", ["rev-parse", "--short", "HEAD"], clone);
console.log(`fresh clone of ${code} in ${clone}; npm install (not timed)`);
run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], clone);

const burners = Array.from({ length: busy }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore", detached: true }),
);
const endBurners = () => {
  for (const b of burners) {
    try {
      process.kill(b.pid, "SIGKILL");
    } catch {}
  }
};
process.on("exit", endBurners);
console.log(`npm test${busy ? ` beside ${busy} CPU-bound processes` : ""}; its output goes to ${path.relative(root, log)}`);

const cpu0 = childrenCpuSeconds();
const t0 = performance.now();
const out = createWriteStream(log);
const test = spawn("npm", ["test"], {
  cwd: clone,
  stdio: ["ignore", "pipe", "pipe"],
  env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1" },
});
test.stdout.pipe(out);
test.stderr.pipe(out);
const status = await new Promise((resolve) => test.on("close", resolve));
const wall = (performance.now() - t0) / 1000;
const cpu = childrenCpuSeconds() - cpu0;
endBurners();

// vitest colours its summary even into a file at times: the escapes go before it is read
const text = stripVTControlCharacters(readFileSync(log, "utf8"));
// "142 passed | 2 skipped (144)": the bar would split the table's cell
const summary = (re) => (re.exec(text)?.[1]?.trim() ?? "no summary").replaceAll(" |", ",");
const files = summary(/Test Files\s+(.*)/);
const tests = summary(/^\s+Tests\s+(.*)/m);
const passed = status === 0;
const row = {
  measurement: busy
    ? `\`npm test\`, fresh clone after \`npm install\`, beside ${busy} CPU-bound processes (2-core machine)`
    : "`npm test`, fresh clone after `npm install`, quiet 2-core machine",
  value: `${minutes(wall)} (CPU ${minutes(cpu)}); ${passed ? "passed" : `**failed** (exit ${status})`}: files ${files}, tests ${tests}`,
  target: busy ? "passes" : "≤ 5 min, passes",
  met: passed && (busy || wall <= 300) ? "yes" : "**no**",
};
console.log(`${row.measurement}: ${row.value}`);
if (os.availableParallelism() !== 2) console.log(`(this machine has ${os.availableParallelism()} cores, not 2)`);

if (write) {
  const file = path.join(root, "bench", "RESULTS.md");
  const results = readFileSync(file, "utf8"); // read right before writing: other benches edit this file too
  const at = results.indexOf(`\n${SECTION}\n`);
  const rows = new Map();
  let after = "";
  let before = `${results.trimEnd()}\n\n`;
  let notes = "";
  if (at >= 0) {
    before = results.slice(0, at + 1);
    const rest = results.slice(at + 1 + SECTION.length + 1);
    const next = rest.search(/^## /m);
    after = next >= 0 ? rest.slice(next) : "";
    const old = next >= 0 ? rest.slice(0, next) : rest;
    if (old.includes(NOTES_MARK)) notes = old.slice(old.indexOf(NOTES_MARK) + NOTES_MARK.length).trim();
    for (const line of old.split("\n")) {
      const cells = line
        .split("|")
        .slice(1, -1)
        .map((c) => c.trim());
      if (cells.length === 5 && cells[0] !== "measurement" && !/^-+$/.test(cells[0])) rows.set(cells[0], cells);
    }
  }
  const label = runLabel(new Date().toISOString(), code, machine().cpu);
  rows.set(row.measurement, [row.measurement, row.value, row.target, row.met, label]);
  const section = [
    SECTION,
    "",
    "`npm run bench:tests` (bench/test-suite.mjs): a fresh clone of HEAD, `npm install` not timed, then the README's",
    "`npm test` (the `.next-test` build of the server tests included); `-- --busy N` runs N CPU-bound processes",
    "(`node -e 'for (;;) {}'`) beside it. CPU is the test run's whole process tree (user + system).",
    "",
    "| measurement | value | target | met? | run |",
    "|---|---|---|---|---|",
    ...[...rows.values()].map((c) => `| ${c.join(" | ")} |`),
    "",
    NOTES_MARK,
    "",
    notes,
    "",
  ].join("\n");
  writeFileSync(file, `${before}${section}${after ? `\n${after}` : ""}`.replace(/\n{3,}/g, "\n\n"));
  spawnSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { cwd: root, stdio: "ignore" });
  console.log(`bench/RESULTS.md: ${SECTION.slice(3)}`);
}
if (existsSync(clone) && !args.includes("--keep")) rmSync(clone, { recursive: true, force: true });
process.exit(passed ? 0 : 1);

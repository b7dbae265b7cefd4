// Where a server's CPU time went: the largest .cpuprofile of a directory (node --cpu-prof), its samples' self time by
// the package or part of the build that ran, and the functions with the most self time. Run alone:
//   node bench/load/profile.mjs <dir-or-file> [--top N]
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Which part of the stack a frame belongs to, by its script's path (the build's chunks name their sources). */
function category(url, name) {
  if (!url) {
    if (name === "(garbage collector)") return "garbage collection";
    if (name === "(idle)") return "idle";
    if (name === "(program)") return "V8/native (program)";
    return `native: ${name}`;
  }
  const u = url.replace(/^file:\/\//, "");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1];
  if (pkg === "next") {
    // Next bundles React's server renderers (Fizz, Flight) into the app-page runtime: one file, minified
    if (/next-server\/app-page/.test(u)) return "Next app-page runtime (React Flight + HTML render, bundled)";
    if (/compiled\/react-dom|react-dom-server|react-server-dom/.test(u)) return "React (server render, Flight)";
    if (/compiled\/(react|scheduler)/.test(u)) return "React (server render, Flight)";
    if (/compiled\/jose|next-auth/.test(u)) return "next-auth / jose (session JWT)";
    return "Next (router, request handling)";
  }
  if (pkg === "jose" || pkg === "next-auth" || pkg === "@panva/hkdf") return "next-auth / jose (session JWT)";
  if (pkg === "postgres") return "postgres.js (driver)";
  if (pkg) return pkg;
  if (u.startsWith("node:")) return "Node core";
  if (/\/server\/chunks\/ssr\/|\/server\/app\//.test(u)) return "build: page and layout chunks (ours + bundled packages)";
  if (/\/server\/chunks\//.test(u)) return "build: route and shared chunks (ours + bundled packages)";
  if (/\.next[^/]*\//.test(u)) return "build: other";
  // a worker's own modules (run through tsx, not built)
  const own = /\/(lib|workers|db)\/([^/.]+)/.exec(u);
  if (own) return `ours: ${own[1]}/${own[2]}`;
  return u;
}

function load(target) {
  let file = target;
  if (statSync(target).isDirectory()) {
    const files = readdirSync(target)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(target, f));
    if (!files.length) throw new Error(`no .cpuprofile in ${target}`);
    file = files.sort((a, b) => statSync(b).size - statSync(a).size)[0];
  }
  return JSON.parse(readFileSync(file, "utf8"));
}

/** Self time per category and per function (ms), from the samples and their time deltas. */
export function analyse(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const categories = new Map();
  const functions = new Map();
  let total = 0;
  for (const [id, ms] of self) {
    const { callFrame: f } = byId.get(id);
    const cat = category(f.url, f.functionName);
    categories.set(cat, (categories.get(cat) ?? 0) + ms);
    const key = `${f.functionName || "(anonymous)"} ${f.url ? `${f.url.replace(/^.*\/(node_modules|\.next[^/]*)\//, "$1/")}:${f.lineNumber + 1}` : ""}`;
    functions.set(key, { ms: (functions.get(key)?.ms ?? 0) + ms, cat });
    total += ms;
  }
  const idle = categories.get("idle") ?? 0;
  return { total, busy: total - idle, categories, functions };
}

/** Markdown: the categories as % of the busy (non-idle) time, then the top functions. */
export function summariseProfile(target, top = 15) {
  const a = analyse(load(target));
  const pct = (ms) => `${((100 * ms) / a.busy).toFixed(1)} %`;
  const cats = [...a.categories].filter(([c]) => c !== "idle").sort((x, y) => y[1] - x[1]);
  const fns = [...a.functions].filter(([, v]) => v.cat !== "idle").sort((x, y) => y[1].ms - x[1].ms);
  return [
    `Profiled ${(a.total / 1000).toFixed(1)} s, busy ${(a.busy / 1000).toFixed(1)} s (${((100 * a.busy) / a.total).toFixed(0)} % of one core). Self time by part, % of busy:`,
    "",
    "| part | self time |",
    "|---|---|",
    ...cats.slice(0, 14).map(([c, ms]) => `| ${c} | ${pct(ms)} |`),
    "",
    `Top ${top} functions by self time:`,
    "",
    "| function | part | self time |",
    "|---|---|---|",
    ...fns.slice(0, top).map(([k, v]) => `| \`${k.replace(/\|/g, "\\|")}\` | ${v.cat} | ${pct(v.ms)} |`),
  ].join("\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const topAt = process.argv.indexOf("--top");
  console.log(summariseProfile(process.argv[2], topAt > 0 ? Number(process.argv[topAt + 1]) : 30));
}

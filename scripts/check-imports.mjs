#!/usr/bin/env node
// npm run check:imports: the import order of docs/architecture.md ("Folder order"), checked on every import of the
// app's code. Each line of that block is a layer of folders; a folder may import itself and the folders of the lines
// above its own, nothing on its own line or below. No file may reach itself through its imports (type-only imports
// count: a circle of types is a circle of concepts). Test files may import anything. Exits 1 with every violation.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const TEST = /\.test\.tsx?$|\.fixture\.ts$/;

/** The layers: the fenced block under the heading "### Folder order" of docs/architecture.md, one layer a line. */
export function readLayers(markdown) {
  const heading = markdown.indexOf("### Folder order");
  if (heading < 0) throw new Error('docs/architecture.md has no "### Folder order" section');
  const start = markdown.indexOf("```", heading);
  const end = markdown.indexOf("```", start + 3);
  const lines = markdown
    .slice(markdown.indexOf("\n", start) + 1, end)
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter(Boolean);
  return lines.map((line) => line.split(/\s+/));
}

/** The files below `dir` whose names `keep` accepts (scripts/check-client-messages.mjs takes the route files). */
export function filesUnder(dir, keep, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, keep, found);
    else if (keep(entry.name)) found.push(full);
  }
  return found;
}

const isSource = (name) => SOURCE.test(name) && !TEST.test(name) && !name.endsWith(".d.ts");

/** The folder a file belongs to: `lib/<area>` (a file `lib/x.ts` is the folder `lib/x`), else its top folder. */
export function folderOf(relative) {
  const parts = relative.split("/");
  if (parts[0] === "lib") return `lib/${parts[1].replace(SOURCE, "")}`;
  return parts[0].replace(SOURCE, "");
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveFile(fromFile, specifier) {
  let target;
  if (specifier.startsWith("@/")) target = path.join(root, specifier.slice(2));
  else if (specifier.startsWith(".")) target = path.resolve(path.dirname(fromFile), specifier);
  else return undefined;
  for (const candidate of [target, ...[".ts", ".tsx", ".mjs", ".js", ".json"].map((ext) => target + ext)]) {
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  for (const index of ["index.ts", "index.tsx"]) {
    const candidate = path.join(target, index);
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return target;
}

/** Every import of the app's files: [from, to (absolute), specifier, type-only]. */
export function importsOf(files) {
  const edges = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, "");
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[2] ?? match[3];
      const target = resolveFile(file, specifier);
      if (target) edges.push({ from: file, to: target, specifier, typeOnly: Boolean(match[1]) });
    }
  }
  return edges;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
export function circles(nodes, edges) {
  const next = new Map(nodes.map((n) => [n, []]));
  for (const { from, to } of edges) if (next.has(from) && next.has(to)) next.get(from).push(to);
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (start) => {
    // iterative, so that a long chain of imports cannot overflow the call stack
    const work = [[start, 0]];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const targets = next.get(node);
      if (i < targets.length) {
        frame[1]++;
        const target = targets[i];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) found.push(component.sort());
      }
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

function main() {
  const layers = readLayers(readFileSync(path.join(root, "docs", "architecture.md"), "utf8"));
  const layerOf = new Map();
  layers.forEach((folders, i) => {
    for (const folder of folders) {
      if (layerOf.has(folder)) throw new Error(`docs/architecture.md names ${folder} twice in its folder order`);
      layerOf.set(folder, i);
    }
  });
  const files = ["app", "components", "lib", "db", "workers"].flatMap((dir) => filesUnder(path.join(root, dir), isSource));
  files.push(...["proxy.ts", "instrumentation.ts"].map((file) => path.join(root, file)));
  const relative = (file) => path.relative(root, file);
  const problems = [];
  for (const file of files) {
    if (!layerOf.has(folderOf(relative(file))))
      problems.push(`${relative(file)}: its folder ${folderOf(relative(file))} is not in the folder order`);
  }
  const edges = importsOf(files);
  for (const { from, to, specifier } of edges) {
    const a = folderOf(relative(from));
    const b = folderOf(relative(to));
    if (a === b || !layerOf.has(a)) continue;
    if (!layerOf.has(b)) {
      problems.push(`${relative(from)} imports ${specifier}: ${b} is not in the folder order`);
      continue;
    }
    if (layerOf.get(b) >= layerOf.get(a))
      problems.push(
        `${relative(from)} imports ${specifier}: ${a} may import only the folders above its line, and ${b} is ${
          layerOf.get(b) === layerOf.get(a) ? "on the same line" : "below it"
        }`,
      );
  }
  for (const component of circles(files, edges))
    problems.push(`import circle: ${component.map(relative).join(" → ")} (each reaches the others through its imports)`);
  const unused = [...layerOf.keys()].filter(
    (folder) =>
      !files.some((file) => folderOf(relative(file)) === folder) &&
      !["", ".ts", ".tsx", ".json"].some((ext) => statSync(path.join(root, folder + ext), { throwIfNoEntry: false })),
  );
  for (const folder of unused) problems.push(`docs/architecture.md's folder order names ${folder}, which holds no file`);
  if (problems.length) {
    console.error(`${problems.length} import(s) against docs/architecture.md "Folder order":\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(`imports: ${edges.length} of ${files.length} files keep the folder order (${layers.length} layers), no circle`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();

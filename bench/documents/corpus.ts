import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The corpus of bench:documents and bench:engines: public documents nobody on this team wrote, kept beside the project
 * and never in it (the project commits no file copied from another repository). Read from CORPUS_DIR, by default
 * ../shared/corpus/bench, resolved from the project root; its sources.json lists every file with its origin and
 * licence, SOURCES.md beside it says the same for people.
 */

export const root = path.resolve(import.meta.dirname, "..", "..");
export const DEFAULT_CORPUS_DIR = "../shared/corpus/bench";

export type DocClass = "pdf-text" | "pdf-scanned" | "image" | "damaged";
export type CorpusDoc = {
  file: string;
  class: DocClass;
  language: string;
  origin: { repo: string; path: string; commit: string };
  licence: string;
  reference: { kind: "ground-truth" | "pdftotext" | "tesseract-300dpi" | "none" };
};
/** one side's reading of a document: its text or its error, and how long it took */
export type Reading = { text?: string; error?: string; ms: number };
export type Measured = { doc: CorpusDoc; pages: number; native: Reading; ours: Record<string, Reading> };

export const corpusDir = () => path.resolve(root, process.env.CORPUS_DIR || DEFAULT_CORPUS_DIR);
export const corpusFile = (file: string) => path.join(corpusDir(), file);

/** The files sources.json lists (each document, and its ground truth where that is its reference) that are not there */
function missingFiles(dir: string, documents: CorpusDoc[]): string[] {
  const listed = documents.flatMap((d) => (d.reference.kind === "ground-truth" ? [d.file, `${d.file}.gt.txt`] : [d.file]));
  return listed.filter((file) => !existsSync(path.join(dir, file)));
}

/** Ends the script: what is missing, where the corpus' origin list is, and how to point the script at a corpus */
function stop(script: string, problem: string, missing: string[]): never {
  const dir = corpusDir();
  const chosen = process.env.CORPUS_DIR
    ? `CORPUS_DIR=${process.env.CORPUS_DIR}`
    : `the default ${DEFAULT_CORPUS_DIR}, from the project root; CORPUS_DIR names another folder`;
  // the origin list of this corpus, else the shared folder's
  const shared = path.resolve(root, DEFAULT_CORPUS_DIR, "SOURCES.md");
  const origins = [path.join(dir, "SOURCES.md"), shared].find((file) => existsSync(file)) ?? `${shared} (not on this machine)`;
  console.error(
    [
      `${script}: ${problem} at ${dir} (${chosen}).`,
      ...missing,
      `Origin list (repository, path, commit and licence of every file): ${origins}, sources.json beside it.`,
      "The corpus is kept beside the project, not in it: the folder corpus/bench of the team's shared folder, " +
        "../shared beside the project (../shared/corpus/README.md). Put a copy at ../shared/corpus/bench, or point " +
        "CORPUS_DIR at one.",
      `${script}: stopped, nothing measured.`,
    ].join("\n"),
  );
  process.exit(1);
}

/**
 * The corpus' documents, every file sources.json lists checked to be there; else the script stops with a message and
 * exit code 1.
 */
export function openCorpus(script: string): CorpusDoc[] {
  const dir = corpusDir();
  const sources = path.join(dir, "sources.json");
  if (!existsSync(sources))
    stop(script, "no corpus", [
      existsSync(dir) ? `Missing: ${sources} (the list of the corpus' documents).` : "Missing: the folder itself.",
    ]);
  const { documents } = JSON.parse(readFileSync(sources, "utf8")) as { documents: CorpusDoc[] };
  const missing = missingFiles(dir, documents);
  if (missing.length > 0)
    stop(script, "an incomplete corpus", [
      `Missing: ${missing.length} of the files its sources.json lists:`,
      ...missing.slice(0, 20).map((file) => `  ${file}`),
      ...(missing.length > 20 ? [`  … and ${missing.length - 20} more`] : []),
    ]);
  return documents;
}

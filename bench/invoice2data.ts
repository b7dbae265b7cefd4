// What bench:layout and bench:extraction share: invoice2data's corpus beside the project (never copied into it) and
// the Markdown tables they print.
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/**
 * The folder of invoice2data's corpus (SHARED_CORPUS_DIR, default ../shared/corpus, resolved from the project root,
 * then invoice2data/); the bench named stops with a clear message when one of `needs` (paths inside it) is absent.
 */
export function invoice2dataCorpus(bench: string, needs: readonly string[]): string {
  const corpus = path.resolve(root, process.env.SHARED_CORPUS_DIR || "../shared/corpus", "invoice2data");
  if (!needs.every((need) => existsSync(path.join(corpus, need)))) {
    console.error(`${bench}: no invoice2data corpus in ${corpus}; set SHARED_CORPUS_DIR to the folder holding it`);
    process.exit(1);
  }
  return corpus;
}

/** A Markdown table: the first `left` columns left-aligned, the others right-aligned (all left when absent). */
export function printTable(header: readonly string[], rows: readonly string[][], left = header.length): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const format = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i < left ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(" | ")} |`;
  console.log(format(header));
  console.log(`| ${widths.map((w, i) => (i < left ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`);
  for (const row of rows) console.log(format(row));
}

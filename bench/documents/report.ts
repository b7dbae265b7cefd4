import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Measured, root } from "./corpus";
import { E2E_PORT, type e2e } from "./e2e";
import { fmt, met } from "./format";
import { USABLE_LETTERS } from "./native";
import { arg } from "./options";
import { engineEnv } from "./ours";
import { type QualityRow, regressions } from "./quality";
import type { Speed } from "./quality-and-speed";

/** The section "## Documents (issue 14 §2)" of bench/RESULTS.md: its tables, and the lines printed as it runs. */

export const SECTION = "## Documents (issue 14 §2)";
const cores = os.availableParallelism();

export function writeSection(body: string[]) {
  const file = path.join(root, "bench", "RESULTS.md");
  const text = readFileSync(file, "utf8");
  const section = `${SECTION}\n\n${body.join("\n").trimEnd()}\n`;
  const at = text.indexOf(`${SECTION}\n`);
  let next: string;
  if (at < 0) next = `${text.trimEnd()}\n\n${section}`;
  else {
    const after = text.slice(at + SECTION.length).search(/^## /m);
    const end = after < 0 ? text.length : at + SECTION.length + after;
    next = `${text.slice(0, at)}${section}${end < text.length ? `\n${text.slice(end)}` : ""}`;
  }
  writeFileSync(file, next.endsWith("\n") ? next : `${next}\n`);
  spawnSync(path.join(root, "node_modules", ".bin", "biome"), ["format", "--write", file], { cwd: root, stdio: "ignore" });
}

/** The quality table, the documents ours lost, the speed table */
export function qualityAndSpeedBody(q: QualityRow[], measured: Measured[], speed: Speed[], engineList: string[]): string[] {
  const body: string[] = [];
  body.push(
    "Quality: word F1 (multiset of whitespace-separated words, case-sensitive, punctuation kept; mean over the " +
      "documents) and CER (Levenshtein distance / reference length, summed over the class) after NFC and whitespace " +
      "normalisation. An error counts as an empty text. Reference: published ground truth (images, and scanned PDFs " +
      "that have one: real scanned pages with their project's ground truth, put into image-only PDFs unchanged, see " +
      "the corpus' SOURCES.md); `pdftotext` (born-digital PDFs; the native tool *is* the reference there); tesseract " +
      "of the pages rendered at 300 dpi for the other scanned PDFs, which have no published ground truth — the native " +
      "tool scores 1 / 0 there by construction, so that row shows agreement only and is not held to the target. " +
      "Target: per class at least as good as the native tool, and no document that the native tools read ending in " +
      "Error or empty.",
    "",
    `| class | documents (pages) | reference | native F1 / CER | ${engineList.map((e) => `ours ${e} F1 / CER`).join(" | ")} | native errors / empty | ${engineList.map((e) => `ours ${e} errors / empty`).join(" | ")} | met? |`,
    `|---|---|---|---|${engineList.map(() => "---|").join("")}---|${engineList.map(() => "---|").join("")}---|`,
  );
  for (const r of q) {
    const scored = r.reference !== "none";
    // per engine set, as the speed table says it: the zero-install one may miss where the native one meets
    const okFor = (e: string) => {
      const o = r.ours[e];
      if (!o) return false;
      return o.f1 >= r.native.f1 - 1e-9 && (!(o.cer > r.native.cer + 1e-9) || Number.isNaN(o.cer));
    };
    const ok = engineList.map((e) => `${e}: ${met(okFor(e))}`).join(", ");
    body.push(
      `| ${r.cls} | ${r.documents} (${r.pages}) | ${r.reference} | ${scored ? `${fmt(r.native.f1, 3)} / ${fmt(r.native.cer, 3)}` : "—"} | ${engineList
        .map((e) => (scored ? `${fmt(r.ours[e]?.f1 ?? Number.NaN, 3)} / ${fmt(r.ours[e]?.cer ?? Number.NaN, 3)}` : "—"))
        .join(
          " | ",
        )} | ${r.native.errors} / ${r.native.empty} | ${engineList.map((e) => `${r.ours[e]?.errors} / ${r.ours[e]?.empty}`).join(" | ")} | ${r.targeted ? ok : scored ? "n/a (reference = native)" : "n/a"} |`,
    );
  }
  const bad = regressions(measured, engineList);
  body.push(
    "",
    bad.length
      ? `Documents the native tools read that ours ended in Error or empty (target: none — **not met**):\n\n${bad
          .map((b) => `- \`${b.file}\` (${b.engine}): ${b.what.replace(/\|/g, "\\|")}`)
          .join("\n")}`
      : "Documents the native tools read that ours ended in Error or empty: none (target met).",
    "",
    `Speed: pages per second per core (${cores} cores), the same files, wall time of the whole set; native = ${cores} ` +
      `processes at once (one document each: pdftotext, plus pdftoppm + tesseract for pages with fewer than ` +
      `${USABLE_LETTERS} letters), ours = extractText on ${cores} documents at once in one process (as a worker ` +
      "reads a job's documents; after a warm-up of an image and one PDF per lane, as a worker's pools are warm).",
    "",
    `| documents | pages | native pages/s/core | ${engineList.map((e) => `ours ${e} pages/s/core (× native)`).join(" | ")} | target | met? | other CPU (cores) |`,
    `|---|---|---|${engineList.map(() => "---|").join("")}---|---|---|`,
  );
  for (const s of speed) {
    const rate = (ms: number) => s.pages / (ms / 1000) / cores;
    const nativeRate = rate(s.native);
    const ratios = engineList.map((e) => rate(s.ours[e] ?? Number.NaN) / nativeRate);
    body.push(
      `| ${s.group.name}: ${s.documents} | ${s.pages} | ${fmt(nativeRate, 2)} | ${engineList
        .map((e, i) => `${fmt(rate(s.ours[e] ?? Number.NaN), 2)} (${fmt(ratios[i] ?? Number.NaN, 2)}×)`)
        .join(
          " | ",
        )} | ≥ ${s.group.target}× | ${engineList.map((e, i) => `${e}: ${met((ratios[i] ?? 0) >= s.group.target)}`).join(", ")} | ${Object.entries(
        s.other,
      )
        .map(([k, v]) => `${k} ${fmt(v, 2)}`)
        .join(", ")} |`,
    );
  }
  body.push("", "Per document (F1, CER, time, error of each side): `bench/.tmp/documents.csv` (not committed).", "");
  return body;
}

/** One line per class on the console */
export function logQuality(q: QualityRow[], engineList: string[]) {
  for (const r of q)
    console.log(
      `quality ${r.cls}: native F1 ${fmt(r.native.f1, 3)} CER ${fmt(r.native.cer, 3)}; ${engineList
        .map(
          (e) =>
            `ours ${e} F1 ${fmt(r.ours[e]?.f1 ?? Number.NaN, 3)} CER ${fmt(r.ours[e]?.cer ?? Number.NaN, 3)} errors ${r.ours[e]?.errors} empty ${r.ours[e]?.empty}`,
        )
        .join("; ")}`,
    );
}

/** The end-to-end table, and its line on the console */
export function e2eBody(r: Awaited<ReturnType<typeof e2e>>): string[] {
  const body: string[] = [];
  const codes = Object.entries(
    r.errors.reduce<Record<string, string[]>>((a, e) => {
      a[e.code] = [...(a[e.code] ?? []), e.file];
      return a;
    }, {}),
  );
  const ratio = r.nativeMs / r.wallMs;
  body.push(
    `End to end: all ${r.documents} documents posted as one-document jobs in one burst (8 in flight; ${fmt(r.postedMs / 1000, 1)} s) ` +
      `to \`next start\` (${process.env.BENCH_DIST_DIR}, port ${E2E_PORT}) with two \`npm run worker\` on PostgreSQL + ` +
      `Redis (a database and queue prefix of their own, removed afterwards; engines ${arg("engine") ? JSON.stringify(engineEnv(arg("engine"))) : "unset: lib/processing's default, auto"}), until every job ended; against the ` +
      `native tools on the same files, ${2 * cores} processes at once (as many documents as the two workers read at once).`,
    "",
    "| jobs | Ready | Error (codes) | wall time, first post to last end | native tools' wall time | native / ours |",
    "|---|---|---|---|---|---|",
    `| ${r.documents} | ${r.ready} | ${r.errors.length}${codes.length ? ` (${codes.map(([c, f]) => `${c} ${f.length}`).join(", ")})` : ""} | ${fmt(r.wallMs / 1000, 1)} s | ${fmt(r.nativeMs / 1000, 1)} s (${r.nativeErrors.length} errors) | ${fmt(ratio, 2)}× |`,
    "",
    ...(r.errors.length ? [`Jobs in Error: ${r.errors.map((e) => `\`${e.file}\` ${e.code}`).join("; ")}.`, ""] : []),
  );
  console.log(
    `e2e: ${r.ready} Ready, ${r.errors.length} Error (${codes.map(([c, f]) => `${c}: ${f.join(", ")}`).join("; ")}); ` +
      `${fmt(r.wallMs / 1000, 1)} s vs native ${fmt(r.nativeMs / 1000, 1)} s`,
  );
  return body;
}

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CorpusDoc, corpusFile, type Measured, type Reading, root } from "./corpus";
import { fmt } from "./format";
import { charErrors, normalise, wordF1 } from "./metrics";

/** The quality of both sides' readings against each document's reference: the table's rows, the lead's list, the CSV. */

const isEmpty = (r: Reading) => r.text !== undefined && normalise(r.text) === "";

function reference(m: Measured): string | undefined {
  if (m.doc.reference.kind === "ground-truth") return readFileSync(corpusFile(`${m.doc.file}.gt.txt`), "utf8");
  if (m.doc.reference.kind === "none") return undefined;
  return m.native.text; // pdftotext, or tesseract of the 300 dpi pages: the native reading is the reference
}

type Score = { f1: number; distance: number; length: number; cerKnown: boolean };
function score(r: Reading, ref: string): Score {
  const text = r.text ?? ""; // an error reads nothing: F1 0, every reference character missed
  const ce = charErrors(text, ref);
  return { f1: wordF1(text, ref), distance: ce?.distance ?? 0, length: ce?.length ?? 0, cerKnown: ce !== undefined };
}

export type QualityRow = {
  cls: string;
  /** compared with the target: false where the native tool's own reading is the reference of OCR (it cannot lose) */
  targeted: boolean;
  documents: number;
  pages: number;
  reference: string;
  native: { f1: number; cer: number; errors: number; empty: number };
  ours: Record<string, { f1: number; cer: number; errors: number; empty: number }>;
};

/**
 * The quality table's rows: the classes, scanned PDFs apart by their reference. Those with published ground truth are
 * held to the target; for the others tesseract's reading of the 300 dpi pages is the reference, the native tool scores
 * 1 / 0 by construction, and their row shows agreement, errors and empty texts outside the target.
 */
const ROWS: { name: string; of: (doc: CorpusDoc) => boolean; targeted: boolean }[] = [
  { name: "pdf-text", of: (d) => d.class === "pdf-text", targeted: true },
  {
    name: "pdf-scanned (ground truth)",
    of: (d) => d.class === "pdf-scanned" && d.reference.kind === "ground-truth",
    targeted: true,
  },
  {
    name: "pdf-scanned (tesseract reference)",
    of: (d) => d.class === "pdf-scanned" && d.reference.kind !== "ground-truth",
    targeted: false,
  },
  { name: "image", of: (d) => d.class === "image", targeted: true },
  { name: "damaged", of: (d) => d.class === "damaged", targeted: false },
];

export function qualityRows(measured: Measured[], engineList: string[]): QualityRow[] {
  const rows: QualityRow[] = [];
  for (const row of ROWS) {
    const set = measured.filter((m) => row.of(m.doc));
    if (!set.length) continue;
    const agg = (pick: (m: Measured) => Reading | undefined) => {
      let f1 = 0;
      let distance = 0;
      let length = 0;
      let scored = 0;
      let errors = 0;
      let empty = 0;
      for (const m of set) {
        const r = pick(m) ?? { error: "not run", ms: 0 };
        if (r.error) errors++;
        else if (isEmpty(r)) empty++;
        const ref = reference(m);
        if (ref === undefined || normalise(ref) === "") continue;
        const s = score(r, ref);
        f1 += s.f1;
        scored++;
        if (s.cerKnown) {
          distance += s.distance;
          length += s.length;
        }
      }
      return { f1: scored ? f1 / scored : Number.NaN, cer: length ? distance / length : Number.NaN, errors, empty };
    };
    const kinds = [...new Set(set.map((m) => m.doc.reference.kind))];
    rows.push({
      cls: row.name,
      targeted: row.targeted && !kinds.includes("none"),
      documents: set.length,
      pages: set.reduce((n, m) => n + m.pages, 0),
      reference: kinds.join(", "),
      native: agg((m) => m.native),
      ours: Object.fromEntries(engineList.map((e) => [e, agg((m) => m.ours[e])])),
    });
  }
  return rows;
}

/** Documents the native tools read (no error, text) that ours ended in an error or empty text: the lead's list. */
export function regressions(measured: Measured[], engineList: string[]) {
  const out: { file: string; engine: string; what: string }[] = [];
  for (const m of measured) {
    if (m.native.error || isEmpty(m.native)) continue;
    for (const e of engineList) {
      const r = m.ours[e];
      if (!r) continue;
      if (r.error) out.push({ file: m.doc.file, engine: e, what: r.error.slice(0, 200) });
      else if (isEmpty(r)) out.push({ file: m.doc.file, engine: e, what: "empty text" });
    }
  }
  return out;
}

export function writeCsv(measured: Measured[], engineList: string[]) {
  const q = (s: string) => `"${s.replace(/"/g, '""').replace(/\s+/g, " ")}"`;
  const head = ["file", "class", "language", "pages", "reference", "native_f1", "native_cer", "native_ms", "native_error"];
  for (const e of engineList) head.push(`ours_${e}_f1`, `ours_${e}_cer`, `ours_${e}_ms`, `ours_${e}_error`);
  const lines = [head.map(q).join(",")];
  for (const m of measured) {
    const ref = reference(m);
    const cells = (r: Reading | undefined) => {
      if (!r) return ["", "", "", "not run"];
      const s = ref !== undefined && normalise(ref) !== "" ? score(r, ref) : undefined;
      return [
        s ? fmt(s.f1, 4) : "",
        s?.cerKnown && s.length ? fmt(s.distance / s.length, 4) : "",
        fmt(r.ms, 0),
        r.error ?? (isEmpty(r) ? "empty" : ""),
      ];
    };
    const row = [m.doc.file, m.doc.class, m.doc.language, String(m.pages), m.doc.reference.kind, ...cells(m.native)];
    for (const e of engineList) row.push(...cells(m.ours[e]));
    lines.push(row.map(q).join(","));
  }
  const tmpDir = path.join(root, "bench", ".tmp");
  mkdirSync(tmpDir, { recursive: true });
  writeFileSync(path.join(tmpDir, "documents.csv"), `${lines.join("\n")}\n`);
}

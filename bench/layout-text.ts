// `npm run bench:layout` (issue 24 §1, docs/decisions.md "Layout text"): our layout text of invoice2data's golden
// invoices against poppler's, and the fields its templates find in each text. Read from SHARED_CORPUS_DIR (default
// ../shared/corpus, resolved from the project root): invoice2data/compare/*.pdf|.txt with their golden <doc>.json,
// invoice2data/reference/<doc>.layout.txt (`pdftotext -layout`, what invoice2data's templates are written for) and
// invoice2data/project.json (its templates as our project file); origin and licence in invoice2data/SOURCES.md, never
// copied into the project.
//   lines   the share of the reference's lines (spaces collapsed, empty ones left out) that are a line of ours: our
//           layout text on the zero-install path (pdf.js), with pdftotext where installed, and our reading-order text
//   fields  of the winning class's fields the golden file has, how many we read equal to it, with every field
//           reading the reading-order text and with every field reading the layout text (`text: "layout"`)
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { terminateOcr, terminatePdfReaders } from "@/lib/processing/extract-text";
import type { FieldText } from "@/lib/processing/fields";
import { nativeTools } from "@/lib/processing/native";
import { type DocumentClassDefinition, processDocument } from "@/lib/processing/process-document";
import { invoice2dataCorpus, printTable } from "./invoice2data";

const corpus = invoice2dataCorpus("bench:layout", ["compare", "reference", "project.json"]);
const [compare, reference] = [path.join(corpus, "compare"), path.join(corpus, "reference")];

const collapse = (line: string) => line.trim().split(/\s+/).join(" ");
const lines = (text: string) =>
  text
    .split(/[\n\f]/)
    .map(collapse)
    .filter((line) => line !== "");
/** how many of the reference's lines are a line of `text` */
const found = (text: string, expected: string[]) => {
  const ours = new Set(lines(text));
  return expected.filter((line) => ours.has(line)).length;
};

const project = JSON.parse(readFileSync(path.join(corpus, "project.json"), "utf8")) as {
  documentClasses: DocumentClassDefinition[];
};
const reading = (text: FieldText) =>
  project.documentClasses.map((c) => ({ ...c, fields: (c.fields ?? []).map((f) => ({ ...f, text })) }));
const classes = { reading: reading("reading"), layout: reading("layout") };
const same = (ours: unknown, golden: unknown) =>
  typeof golden === "number"
    ? typeof ours === "number" && Math.abs(ours - golden) < 0.005
    : String(ours ?? "").trim() === String(golden ?? "").trim();

async function read(file: string, engine: "pdfjs" | "native", text: FieldText) {
  process.env.PDF_ENGINE = engine;
  const bytes = new Uint8Array(readFileSync(path.join(compare, file)));
  return processDocument({ fileName: file, bytes, project: { documentClasses: classes[text] } });
}

const native = nativeTools().pdftotext;
const ways: [string, "pdfjs" | "native"][] = [["pdf.js", "pdfjs"]];
if (native) ways.push(["pdftotext", "native"]);
const lineColumns = [...ways.map(([name]) => `layout (${name})`), "reading (pdf.js)"];
const fieldColumns = ["reading (pdf.js)", ...ways.map(([name]) => `layout (${name})`)];
const lineRows: string[][] = [];
const fieldRows: string[][] = [];
const lineTotals = lineColumns.map(() => 0);
const fieldTotals = fieldColumns.map(() => 0);
let [allLines, allFields] = [0, 0];
const percent = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(1)} %`;

for (const file of readdirSync(compare)
  .filter((f) => /\.(pdf|txt)$/.test(f))
  .sort()) {
  const asRead = await read(file, "pdfjs", "reading");
  const layouts = [];
  for (const [, engine] of ways) layouts.push(await read(file, engine, "layout"));
  const golden = (JSON.parse(readFileSync(path.join(compare, file.replace(/\.\w+$/, ".json")), "utf8")) as object[])[0] as Record<
    string,
    unknown
  >;
  const names = Object.keys(asRead.fields).filter((name) => name in golden);
  const right = [asRead, ...layouts].map((doc) => names.filter((name) => same(doc.fields[name], golden[name])).length);
  right.forEach((n, i) => {
    fieldTotals[i] = (fieldTotals[i] ?? 0) + n;
  });
  allFields += names.length;
  fieldRows.push([file, asRead.className, String(names.length), ...right.map(String)]);
  if (!file.endsWith(".pdf")) continue;
  const expected = lines(readFileSync(path.join(reference, file.replace(/\.pdf$/, ".layout.txt")), "utf8"));
  const hits = [...layouts.map((doc) => found(doc.layoutText, expected)), found(asRead.text, expected)];
  hits.forEach((n, i) => {
    lineTotals[i] = (lineTotals[i] ?? 0) + n;
  });
  allLines += expected.length;
  lineRows.push([file, String(expected.length), ...hits.map((n) => percent(n, expected.length))]);
}
lineRows.push(["all", String(allLines), ...lineTotals.map((n) => percent(n, allLines))]);
fieldRows.push(["all", "", String(allFields), ...fieldTotals.map(String)]);

function table(title: string, header: string[], rows: string[][], left: number) {
  console.log(`\n${title}\n`);
  printTable(header, rows, left);
}
table(
  "Lines of pdftotext -layout that are a line of ours (spaces collapsed)",
  ["document", "lines", ...lineColumns],
  lineRows,
  2,
);
table("Golden fields read right, the fields reading each text", ["document", "class", "fields", ...fieldColumns], fieldRows, 2);

await terminateOcr();
terminatePdfReaders();

// `npm run bench:extraction` (issue 24 §5): class accuracy and field exact-match of this service on the golden test
// invoices of an open-source template extractor (invoice2data), its templates translated into our project.json with
// the options of issue 24 (requiredKeywords, excludeKeywords, priority, locale, dateFormats, decimalSeparator, match,
// fixed values, line items, the layout text). The baseline, measured in the same run: the same project on poppler's
// `pdftotext -layout` text (invoice2data/reference/<doc>.layout.txt, what its templates are written for). The first
// column is the service before issue 24: the corpus's own project.json (its keywords one lookahead pattern, its regex
// fields only) on the reading-order text.
//
// Read from SHARED_CORPUS_DIR (default ../shared/corpus, resolved from the project root): invoice2data/translation.json
// (the templates' patterns in JavaScript, written by the corpus's build.py), invoice2data/templates/** (their static
// values and line items), invoice2data/compare/*.pdf|.txt with the golden <doc>.json, invoice2data/reference/. Origin
// and licence in invoice2data/SOURCES.md; nothing of it is copied into the project.
//
//   npm run bench:extraction                 # the table
//   npm run bench:extraction -- --verbose    # and every field that differs
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { terminateOcr, terminatePdfReaders } from "@/lib/processing/extract-text";
import { nativeTools } from "@/lib/processing/native";
import { type DocumentClassDefinition, processDocument } from "@/lib/processing/process-document";
import { classesOf } from "@/lib/projects/rules";
import { regexProblem, ZProjectDocument } from "@/lib/projects/schemas";
import { invoice2dataCorpus, printTable } from "./invoice2data";

const corpus = invoice2dataCorpus("bench:extraction", ["compare", "reference", "templates", "translation.json"]);
const [compare, reference, templates] = [
  path.join(corpus, "compare"),
  path.join(corpus, "reference"),
  path.join(corpus, "templates"),
];
const verbose = process.argv.includes("--verbose");
/** the project property OcrImages: images of pages with text are read by OCR too (invoice2data OCRs saeco.pdf so) */
const ocrImages = !process.argv.includes("--no-ocr-images");

type Translated = {
  class: string;
  file: string;
  issuer: string;
  keywords: string[];
  excludeKeywords: string[];
  priority: number;
  options: { decimal_separator?: string; date_formats?: string[]; languages?: string[] };
  textRewrites: string[];
  allOptions?: { replace?: [string, string][] };
  fields: Record<string, { kind: string; type?: string; i2dType?: string | null; group?: string | null; pattern?: string }>;
};
type Template = { fields?: Record<string, unknown>; lines?: Record<string, unknown> } & Record<string, unknown>;

// ---- Python's re as JavaScript's (the line items' patterns come from the templates as written) ----
/**
 * "(?i)…" (case-insensitive in Python; JavaScript has no inline flag in Node 20) in a case-sensitive class: each letter
 * outside a character class and an escape written as both cases ("[aA]")
 */
function inlineIgnoreCase(source: string): string {
  if (!source.startsWith("(?i)")) return source;
  let out = "";
  let inClass = false;
  for (let i = 4; i < source.length; i++) {
    const ch = source[i] as string;
    if (ch === "\\") {
      out += ch + (source[i + 1] ?? "");
      i++;
    } else if (ch === "[" || ch === "]") {
      inClass = ch === "[";
      out += ch;
    } else if (!inClass && /\p{L}/u.test(ch) && ch.toLowerCase() !== ch.toUpperCase()) {
      out += `[${ch.toLowerCase()}${ch.toUpperCase()}]`;
    } else out += ch;
  }
  return out;
}

const pythonRegex = (source: string) =>
  inlineIgnoreCase(source)
    .replace(/\(\?P</g, "(?<")
    .replace(/\(\?P=(\w+)\)/g, "\\k<$1>")
    .replace(/\\Z/g, "$(?![\\s\\S])")
    .replace(/\\A/g, "^(?<![\\s\\S])")
    .replace(/\{,(\d+)\}/g, "{0,$1}")
    .replace(/\\w/g, "[\\p{L}\\p{N}_]")
    .replace(/\(\?i\)/g, "");

// ---- strftime as date-fns ----
const STRFTIME: Record<string, string> = {
  d: "dd",
  m: "MM",
  Y: "yyyy",
  y: "yy",
  b: "MMM",
  B: "MMMM",
  H: "HH",
  M: "mm",
  S: "ss",
  a: "EEE",
  A: "EEEE",
  p: "a",
  "%": "%",
};
function dateFnsFormat(strftime: string): string | null {
  let out = "";
  for (let i = 0; i < strftime.length; i++) {
    const ch = strftime[i] as string;
    if (ch === "%") {
      const token = STRFTIME[strftime[i + 1] ?? ""];
      if (!token) return null;
      out += token;
      i++;
    } else if (/[A-Za-z]/.test(ch)) out += `'${ch}'`;
    else out += ch;
  }
  return out;
}

const LANGUAGES = new Set(["de", "en", "fr", "nl", "es", "it", "pt", "pl", "cs", "da", "sv", "fi", "nb"]);
const typeOf = (i2d: string | null | undefined, translated: string | undefined) =>
  i2d === "int" ? "number" : (translated ?? (i2d === "float" ? "amount" : i2d === "date" ? "date" : "string"));

function replaceOf(t: Translated) {
  const pairs = (t.allOptions?.replace ?? []).filter((p) => Array.isArray(p) && p.length === 2);
  const rewrites = pairs.map(([pattern, replacement]) => ({
    pattern: pythonRegex(pattern),
    with: replacement
      .replace(/\\g<(\w+)>/g, (_, g: string) => (/^\d+$/.test(g) ? `$${g}` : `$<${g}>`))
      .replace(/\\(\d)/g, "$$$1"),
  }));
  return rewrites.length && rewrites.every((r) => regexProblem(r.pattern) === null) ? rewrites : undefined;
}

function readTemplate(file: string): Template {
  const text = readFileSync(path.join(templates, file), "utf8");
  if (file.endsWith(".json")) return JSON.parse(text) as Template;
  // the values as written (failsafe: every scalar a string), typed below as PyYAML types them for invoice2data
  return parseYaml(text, { uniqueKeys: false, schema: "failsafe" }) as Template;
}

/** a static value as PyYAML reads it: whole and decimal numbers (not "04080176", an invalid octal: a text), else the text */
function staticValue(raw: unknown): { type: "number" | "string" | "date"; value: string | number } {
  if (typeof raw === "number") return { type: "number", value: raw };
  const text = String(raw);
  if (/^-?(0|[1-9]\d*)(\.\d+)?$/.test(text)) return { type: "number", value: Number(text) };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { type: "date", value: text };
  return { type: "string", value: text };
}

/** a template's line items as our `lines` (invoice2data's lines parser: start, end, first_line, line, last_line, skip_line, types) */
function linesOf(template: Template, decimalSeparator: string | undefined) {
  const fromField = Object.values(template.fields ?? {}).find(
    (f): f is Record<string, unknown> => typeof f === "object" && f !== null && (f as { parser?: string }).parser === "lines",
  );
  const spec = (template.lines ?? fromField) as Record<string, unknown> | undefined;
  if (!spec || typeof spec.line === "undefined") return undefined;
  // a list of patterns is tried in turn, as our line patterns are
  const one = (v: unknown) =>
    Array.isArray(v) ? (v as string[]).map(pythonRegex) : typeof v === "string" ? pythonRegex(v) : undefined;
  const columns: Record<string, string> = {};
  for (const [name, type] of Object.entries((spec.types ?? {}) as Record<string, string>))
    columns[name] = type === "float" ? "amount" : type === "int" ? "number" : type === "date" ? "date" : "string";
  const line = one(spec.line) ?? "";
  const firstLine = one(spec.first_line);
  const lastLine = one(spec.last_line);
  const skipped = one(spec.skip_line);
  const skip = Array.isArray(skipped) ? skipped.map((p) => `(?:${p})`).join("|") : skipped;
  const list = (p: string | string[] | undefined) => (p === undefined ? [] : Array.isArray(p) ? p : [p]);
  // the types of columns the patterns do not name are left out (the schema refuses them)
  const named = new Set(
    [line, firstLine, lastLine]
      .flatMap(list)
      .flatMap((p) => [...p.matchAll(/\(\?<([\p{L}_$][\p{L}\p{N}_$]*)>/gu)].map((m) => m[1])),
  );
  const start = typeof spec.start === "string" ? pythonRegex(spec.start) : undefined;
  const end = typeof spec.end === "string" ? pythonRegex(spec.end) : undefined;
  const patterns = [...list(line), ...list(firstLine), ...list(lastLine), ...list(skip), ...list(start), ...list(end)];
  const problem = patterns.map((p) => regexProblem(p)).find((p) => p !== null);
  if (problem) return { untranslatable: problem };
  return {
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
    line,
    ...(firstLine ? { firstLine } : {}),
    ...(lastLine && firstLine ? { lastLine } : {}),
    ...(skip ? { skip } : {}),
    columns: Object.fromEntries(Object.entries(columns).filter(([name]) => named.has(name))),
    ...(decimalSeparator === "," || decimalSeparator === "." ? { decimalSeparator } : {}),
  };
}

const translation = JSON.parse(readFileSync(path.join(corpus, "translation.json"), "utf8")) as Translated[];
/** which template fields the project reads: their golden names, by class */
const readFields = new Map<string, Set<string>>();
const untranslated: string[] = [];
const documentClasses = translation.map((t) => {
  const template = readTemplate(t.file);
  const decimalSeparator = t.options.decimal_separator;
  const language = (t.options.languages ?? []).find((l) => LANGUAGES.has(l));
  const formats = (t.options.date_formats ?? []).map(dateFnsFormat).filter((f): f is string => f !== null);
  const fields: Record<string, unknown>[] = [];
  const names = new Set<string>();
  for (const [name, field] of Object.entries(t.fields)) {
    const raw = template.fields?.[name] as { value?: unknown } | undefined;
    if (field.kind === "static" && raw && raw.value !== undefined) {
      fields.push({ name, ...staticValue(raw.value) });
      names.add(name);
    } else if (field.kind === "regex" && field.pattern) {
      const type = typeOf(field.i2dType, field.type);
      const group = field.group && ["first", "last", "sum", "min", "max"].includes(field.group) ? field.group : undefined;
      fields.push({
        name,
        pattern: field.pattern,
        type,
        ...(group && (group !== "sum" || type === "amount" || type === "number") ? { match: group } : {}),
        ...((type === "amount" || type === "number") && (decimalSeparator === "," || decimalSeparator === ".")
          ? { decimalSeparator }
          : {}),
        ...(type === "date" && formats.length ? { dateFormats: formats } : {}),
        ...(type !== "string" && language ? { locale: language } : {}),
      });
      names.add(name);
    } else if (field.kind !== "lines") untranslated.push(`${t.class}.${name} (${field.kind})`);
  }
  const found = linesOf(template, decimalSeparator);
  const lines = found && !("untranslatable" in found) ? found : undefined;
  if (found && "untranslatable" in found) untranslated.push(`${t.class}.lines (${found.untranslatable})`);
  if (lines) names.add("lines");
  readFields.set(t.class, names);
  return {
    name: t.class,
    keywords: [],
    patterns: [],
    // a template's keywords are regular expressions it searches for (re.search): required and exclude patterns
    requiredPatterns: t.keywords.map(pythonRegex),
    ...(t.excludeKeywords.length ? { excludePatterns: t.excludeKeywords.map(pythonRegex) } : {}),
    priority: t.priority,
    // invoice2data searches as written (Python's re without flags)
    caseSensitive: true,
    // invoice2data's `replace` option: the text rewritten before its fields are read (Python's \g<name> is $<name>)
    ...(replaceOf(t) ? { replace: replaceOf(t) } : {}),
    fields,
    ...(lines ? { lines } : {}),
  };
});

// the translated project passes the upload's own check, as a customer's file would
const checked = ZProjectDocument.safeParse({ name: "invoice2data", version: "1", text: "layout", documentClasses });
if (!checked.success) {
  const issue = checked.error.issues[0];
  console.error(`bench:extraction: the translated project is refused: ${issue?.path.join(".")}: ${issue?.message}`);
  process.exit(1);
}
const project = { documentClasses: classesOf(checked.data) as unknown as DocumentClassDefinition[] };

// ---- compare ----
/**
 * ours equal to the golden value: numbers within half a cent, texts trimmed, lists item by item. In a line item, a
 * column whose golden text is nowhere in the document is left out (invoice2data derives it after reading: a unit's
 * UNECE code, "KGM" for "kg"), and a golden 0 of a column the line leaves empty is our null (invoice2data writes 0
 * for an empty number).
 */
const same = (ours: unknown, golden: unknown, text = "", inRow = false): boolean => {
  if (Array.isArray(golden))
    return Array.isArray(ours) && ours.length === golden.length && golden.every((g, i) => same(ours[i], g, text, inRow));
  if (golden && typeof golden === "object") {
    if (!ours || typeof ours !== "object") return false;
    const o = ours as Record<string, unknown>;
    return Object.entries(golden).every(
      ([k, v]) => (typeof v === "string" && v !== "" && !text.includes(v)) || same(o[k], v, text, true),
    );
  }
  if (typeof golden === "number")
    return (typeof ours === "number" && Math.abs(ours - golden) < 0.005) || (inRow && golden === 0 && ours == null);
  return String(ours ?? "").trim() === String(golden ?? "").trim();
};

type Way = {
  name: string;
  run: (file: string) => Promise<{ className: string; fields: Record<string, unknown>; lines?: unknown; layoutText: string }>;
};
const asText = async (file: string, text: string) =>
  processDocument({ fileName: `${file}.txt`, bytes: new TextEncoder().encode(text), project });
/** before issue 24: the corpus's own translation (invoice2data/project.json: keywords as one lookahead pattern, regex fields only) */
const before = {
  documentClasses: (
    JSON.parse(readFileSync(path.join(corpus, "project.json"), "utf8")) as { documentClasses: DocumentClassDefinition[] }
  ).documentClasses,
};
/** the PDF (or text) of the corpus read by this service with the engines and project given */
const readWith = (engines: { pdf: string; ocr: string }, documents: typeof project, images: boolean) => (file: string) => {
  process.env.PDF_ENGINE = engines.pdf;
  process.env.OCR_ENGINE = engines.ocr;
  const bytes = new Uint8Array(readFileSync(path.join(compare, file)));
  return processDocument({ fileName: file, bytes, project: documents, ocrImages: images });
};
const ways: Way[] = [
  { name: "before (reading text, pdf.js)", run: readWith({ pdf: "pdfjs", ocr: "wasm" }, before, false) },
  {
    name: "pdftotext -layout text (baseline)",
    run: (file) => {
      const base = file.replace(/\.\w+$/, "");
      const text = file.endsWith(".txt")
        ? readFileSync(path.join(compare, file), "utf8")
        : readFileSync(path.join(reference, `${base}.layout.txt`), "utf8");
      return asText(file, text);
    },
  },
  { name: "this service, zero-install (PDFium, pdf.js)", run: readWith({ pdf: "pdfium", ocr: "wasm" }, project, ocrImages) },
  { name: "this service, pdf.js alone", run: readWith({ pdf: "pdfjs", ocr: "wasm" }, project, ocrImages) },
];
if (nativeTools().pdftotext)
  ways.push({ name: "this service, native (poppler)", run: readWith({ pdf: "native", ocr: "auto" }, project, ocrImages) });

const issuerOf = new Map<string, Set<string>>();
for (const t of translation) issuerOf.set(t.issuer, (issuerOf.get(t.issuer) ?? new Set()).add(t.class));

const rows: string[][] = [];
const totals = ways.map(() => ({ classes: 0, fields: 0, of: 0 }));
let documents = 0;
for (const file of readdirSync(compare)
  .filter((f) => /\.(pdf|txt)$/.test(f))
  .sort()) {
  const golden =
    (JSON.parse(readFileSync(path.join(compare, file.replace(/\.\w+$/, ".json")), "utf8")) as Record<string, unknown>[])[0] ?? {};
  // the template that read it: its issuer is the golden's, or the one its description names (a template may read
  // the issuer as a field of its own: coolblue's "Coolblue B.V." is template "Coolblue")
  const described = String(golden.desc ?? "").replace(/^Invoice from /, "");
  const expectedClasses = new Set([...(issuerOf.get(String(golden.issuer)) ?? []), ...(issuerOf.get(described) ?? [])]);
  documents++;
  const cells: string[] = [file];
  for (const [i, way] of ways.entries()) {
    const doc = await way.run(file);
    const classRight = expectedClasses.has(doc.className);
    // the fields the expected template reads and the golden file has (the template's class, whichever won)
    const expectedClass = [...expectedClasses][0] ?? "";
    const names = [...(readFields.get(classRight ? doc.className : expectedClass) ?? [])].filter((n) => n in golden);
    const values: Record<string, unknown> = { ...doc.fields, ...(doc.lines ? { lines: doc.lines } : {}) };
    const right = names.filter((n) => classRight && same(values[n], golden[n], doc.layoutText));
    if (verbose)
      for (const n of names.filter((n) => !right.includes(n)))
        console.log(`${way.name} ${file} ${n}: ours ${JSON.stringify(values[n])} golden ${JSON.stringify(golden[n])}`);
    const total = totals[i] as { classes: number; fields: number; of: number };
    total.classes += classRight ? 1 : 0;
    total.fields += right.length;
    total.of += names.length;
    cells.push(`${classRight ? "✓" : `✗ ${doc.className}`} ${right.length}/${names.length}`);
  }
  rows.push(cells);
}
const header = ["document", ...ways.map((w) => w.name)];
rows.push([
  "all: classes, fields",
  ...totals.map((t) => `${t.classes}/${documents}, ${t.fields}/${t.of} (${(t.fields / Math.max(1, t.of)).toFixed(3)})`),
]);
const base = totals[1] as { fields: number };
rows.push(["fields against the baseline", ...totals.map((t) => `${(t.fields / Math.max(1, base.fields)).toFixed(3)}×`)]);
console.log(
  `\ninvoice2data's golden invoices (${documents}), its ${translation.length} templates as one project; class right, then fields read equal to the golden file\n`,
);
printTable(header, rows);
console.log(
  `\nTemplate fields not translated (${untranslated.length}): ${verbose ? untranslated.join(", ") : "--verbose lists them"}`,
);

await terminateOcr();
terminatePdfReaders();

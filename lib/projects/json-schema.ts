import { z } from "zod";
import { PROJECT_FILE_EXAMPLE, ZProjectDocument } from "./schemas";

/**
 * project.json as a JSON Schema (draft 2020-12), what GET /api/schemas/project.json answers (issue 24 §3): made from
 * the schema the upload checks (ZProjectDocument, as its input is written), each member described and the whole with
 * an example that uses every option. Rules a JSON Schema cannot state (a pattern that compiles, a known locale, an
 * option a field of its type does not read) are checked on upload and named in the 400's message.
 */

type Json = Record<string, unknown>;

const FIELD = {
  name: "The field's name in result.json's fields.",
  pattern:
    "A regular expression (flags iu): the value is its first capture group that took part, or its whole match. Absent for a field with a fixed value.",
  type: "string; date (result.json: YYYY-MM-DD); amount or number (result.json: a number). May be left out with a source: the term's kind.",
  source:
    "An EN 16931 business term of the invoice (BT-1 number, BT-2 date, BT-112 total with VAT …): when the document carries an e-invoice (XML, or a PDF's embedded ZUGFeRD/Factur-X XML) the value is the term's, else the pattern's.",
  match:
    "Which matches make the value: first (default), last, all (a list), sum (amount, number), min or max (date, amount, number).",
  value: "A fixed value, whatever the document says: a number for amount and number fields, YYYY-MM-DD for dates.",
  lookup: "A Csv resource: the value is kept only when its first column lists it.",
  locale: "How its dates and amounts are written, a BCP-47 tag (de-DE, fr, nl-NL); overrides the project's.",
  dateFormats: "date-fns formats a date field tries first, in order: dd/MM/yyyy, d. MMMM yyyy.",
  decimalSeparator: 'The decimal separator of an amount or number field: "." or ",".',
  text: 'The text its pattern reads: "layout" (each printed line one line) or "reading" (reading order; the default).',
};

const LINES = {
  start: "A regular expression: the table starts after its match, and again after each end.",
  end: "A regular expression: the table ends before its next match.",
  line: "A regular expression with named groups (?<name>…), or a list tried in turn: each printed line of the table it matches is a row, each group a column.",
  firstLine:
    "A regular expression: a row of several printed lines starts at a line it matches; then lines line matches add to it (text columns gather their lines).",
  lastLine: "A regular expression: the row firstLine started ends at a line it matches.",
  skip: "A regular expression: lines it matches are left out.",
  columns: "The type of each column that is not a string: string, date, amount or number.",
  locale: FIELD.locale,
  dateFormats: FIELD.dateFormats,
  decimalSeparator: FIELD.decimalSeparator,
  text: 'The text it reads: "layout" (default) or "reading".',
};

const CLASS = {
  name: "The class's name in result.json's class.",
  keywords: "Words that count 1 per occurrence (case-insensitive, on word boundaries).",
  patterns: "Regular expressions (flags iu) that count 2 per match.",
  fields: "The values read from a document of this class.",
  requiredKeywords: "The class scores only when every one occurs; each occurrence counts as a keyword's.",
  excludeKeywords: "The class scores nothing when one of them occurs.",
  requiredPatterns: "Regular expressions (flags iu) the class needs all of; each match counts as a pattern's.",
  excludePatterns: "Regular expressions (flags iu): the class scores nothing when one matches.",
  caseSensitive:
    "Its patterns (required and exclude ones, its fields', line items' and rewrites') match case as written; keywords never do. Case-insensitive when absent.",
  priority: "Of the classes with the best score, the highest priority wins (0 when absent).",
  lines: "The class's line items: result.json's lines, one object per row.",
  einvoice:
    "The class takes only documents that carry an e-invoice (an XML invoice, or a PDF with one embedded); the e-invoice counts as a pattern's match.",
  replace:
    "Rewrites of the document's texts, in order, before the class's fields and line items are read: each match of pattern (flags giu) becomes with ($1, $<name> name groups).",
};

const PROJECT = {
  name: "The project's name.",
  version: "The file's version, a text or a number.",
  type: "Extraction (default), Learn, LinkedExtraction or LinkedLearn.",
  documentClasses: "The document classes; the best-scoring class wins, else Unknown.",
  properties: "The project's default properties (e.g. OcrLanguages).",
  locale: "How dates and amounts are written, for each date and amount field and line items without their own.",
  text: "The text the fields' patterns read, for each field without its own.",
  learn: "A learn project's minClusterSize and similarity.",
};

function withDescriptions(node: unknown, descriptions: Record<string, string>): void {
  const properties = (node as { properties?: Record<string, Json> }).properties ?? {};
  for (const [name, description] of Object.entries(descriptions)) {
    const property = properties[name];
    if (property) property.description = description;
  }
}

let cached: Json | undefined;

export function projectJsonSchema(): Json {
  if (cached) return cached;
  const schema = z.toJSONSchema(ZProjectDocument, { io: "input", target: "draft-2020-12" }) as Json;
  const properties = schema.properties as Record<string, Json>;
  const documentClass = (properties.documentClasses as { items: Json }).items;
  const classProperties = documentClass.properties as Record<string, Json>;
  withDescriptions(schema, PROJECT);
  withDescriptions(documentClass, CLASS);
  withDescriptions((classProperties.fields as { items: Json }).items, FIELD);
  withDescriptions(classProperties.lines, LINES);
  cached = {
    ...schema,
    $id: "/api/schemas/project.json",
    title: "project.json",
    description:
      "The project file's project.json (a zip, .esproject, holding it and an optional customizing/ folder). Members the schema does not name are ignored.",
    examples: [PROJECT_FILE_EXAMPLE],
  };
  return cached;
}

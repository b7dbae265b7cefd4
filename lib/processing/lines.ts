import { compilePattern, patternFlags } from "./classify";
import { type DocumentTexts, type FieldText, readValue, type ValueOptions } from "./fields";

/**
 * Issue 24 §3 (docs/project-file.md "Line items"): the rows of a table of a document. A class's `lines` names where
 * the table starts (`start`, the text after its match) and ends (`end`, the text before its next match), and the
 * `line` pattern whose named groups are a row's columns; every line of the part between is tried on its own, as the
 * template tools read tables. A table may start again after its end (a table continued on the next page with its
 * header repeated). Columns are strings unless `columns` types them (date, amount, number: read as fields are); a
 * line `skip` matches is left out. The layout text is read unless `text` says "reading": a row is a printed line.
 */

export type LineColumnType = "string" | "date" | "amount" | "number";
export type LinesRule = ValueOptions & {
  start?: string;
  end?: string;
  /** a pattern, or a list of patterns tried in turn (rows of several shapes) */
  line: string | readonly string[];
  firstLine?: string | readonly string[];
  lastLine?: string | readonly string[];
  skip?: string;
  columns?: Readonly<Record<string, LineColumnType>>;
  text?: FieldText;
  /** its class's `caseSensitive` */
  caseSensitive?: boolean;
};
export type LineRow = Record<string, string | number | null>;

/** the most rows one document gives (a runaway pattern on a thousand-page file stays bounded) */
export const LINES_MAX = 10_000;

const owner = "the line items";

/** the parts of `text` between each match of `start` and the next match of `end` after it (the whole text without them) */
function sections(text: string, rule: LinesRule): string[] {
  if (!rule.start && !rule.end) return [text];
  // ^ and $ are a line's start and end: a table's header and its total are lines of their own
  const start = rule.start ? compilePattern(rule.start, patternFlags("gm", rule.caseSensitive), owner) : null;
  const end = rule.end ? compilePattern(rule.end, patternFlags("gm", rule.caseSensitive), owner) : null;
  const parts: string[] = [];
  let at = 0;
  while (at <= text.length) {
    let from = at;
    if (start) {
      start.lastIndex = at;
      const begun = start.exec(text);
      if (!begun) break;
      from = begun.index + Math.max(1, begun[0].length);
    }
    let to = text.length;
    let next = text.length + 1;
    if (end) {
      end.lastIndex = from;
      const ended = end.exec(text);
      if (ended) {
        to = ended.index;
        next = ended.index + Math.max(1, ended[0].length);
      }
    }
    parts.push(text.slice(from, to));
    // without a start there is one table: from the beginning to the end's first match
    if (!start) break;
    at = next;
  }
  return parts;
}

type Raw = Map<string, string | undefined>;

/** one pattern or several tried in turn, as one matcher: the first that matches a line */
function alternatives(patterns: string | readonly string[], caseSensitive: boolean | undefined) {
  const compiled = (typeof patterns === "string" ? [patterns] : patterns).map((p) =>
    compilePattern(p, patternFlags("", caseSensitive), owner),
  );
  return {
    exec(line: string): RegExpExecArray | null {
      for (const regex of compiled) {
        const match = regex.exec(line);
        if (match) return match;
      }
      return null;
    },
  };
}

/** a row's raw columns read as their types; null when it has no value at all */
function typed(raw: Raw, rule: LinesRule): LineRow | null {
  const row: LineRow = {};
  let filled = false;
  for (const [name, text] of raw) {
    const value =
      text === undefined || text.trim() === "" ? null : readValue(text.trim(), rule.columns?.[name] ?? "string", rule);
    if (value !== null) filled = true;
    Object.defineProperty(row, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return filled ? row : null;
}

/** a printed line's named groups added to a row: string columns gather every line's text, one line each; others keep the first */
function add(row: Raw, groups: Record<string, string | undefined>, rule: LinesRule): void {
  for (const [name, text] of Object.entries(groups)) {
    const before = row.get(name);
    const value = text?.trim() ? text.trim() : undefined;
    if (before === undefined || before.trim() === "") row.set(name, value ?? before);
    else if (value !== undefined && (rule.columns?.[name] ?? "string") === "string") row.set(name, `${before}\n${value}`);
  }
}

/**
 * the rows of a document's table: each line of its parts the `line` pattern matches, its named groups read as their
 * types. With `firstLine` a row may take several printed lines, as invoices set a description over two or three: a
 * line `firstLine` matches starts a row, lines `line` matches add to it (a string column gathers their text, one line
 * each) and a line `lastLine` matches ends it.
 */
export function extractLines(texts: DocumentTexts, rule: LinesRule): LineRow[] {
  const text = (typeof texts === "string" ? texts : rule.text === "reading" ? texts.reading : texts.layout).normalize("NFC");
  const line = alternatives(rule.line, rule.caseSensitive);
  const first = rule.firstLine ? alternatives(rule.firstLine, rule.caseSensitive) : null;
  const last = rule.lastLine && first ? alternatives(rule.lastLine, rule.caseSensitive) : null;
  const skip = rule.skip ? compilePattern(rule.skip, patternFlags("", rule.caseSensitive), owner) : null;
  const rows: LineRow[] = [];
  let open: Raw | null = null;
  const close = () => {
    const row = open && typed(open, rule);
    if (row && rows.length < LINES_MAX) rows.push(row);
    open = null;
  };
  for (const part of sections(text, rule)) {
    for (const printed of part.split(/\r?\n|\f/)) {
      if (rows.length >= LINES_MAX) return rows;
      if (printed.trim() === "" || skip?.test(printed)) continue;
      const starts = first?.exec(printed);
      if (starts) {
        close();
        open = new Map();
        add(open, starts.groups ?? {}, rule);
        continue;
      }
      const ends = open ? last?.exec(printed) : null;
      if (ends && open) {
        add(open, ends.groups ?? {}, rule);
        close();
        continue;
      }
      const match = line.exec(printed);
      if (!match?.groups) continue;
      // without firstLine each line is a row; with it, a line adds to the row that is open (none: it is no row's)
      if (first && !open) continue;
      if (!first) close();
      open ??= new Map();
      add(open, match.groups, rule);
      if (!first) close();
    }
    // a table's part ends its last row
    close();
  }
  return rows;
}

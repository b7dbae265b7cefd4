import { deflateSync, Inflate, strToU8, type ZipOptions, type Zippable, zipSync } from "fflate";
import { AppError } from "@/lib/errors/app-error";
import { ESPROJECT_LIMITS, type EsprojectLimits, type ProjectDocument, ZProjectDocument } from "./schemas";

/**
 * The project file `.esproject` (DESIGN.md "Project file"): a zip holding `project.json` and an optional
 * `customizing/` folder. Validated strictly before anything is inflated: a real zip, at most
 * {@link ESPROJECT_LIMITS} (entries, unpacked bytes, compression ratio per entry), no path that escapes its
 * folder, nothing but `project.json` and `customizing/…`, then the schema of project.json. While inflating,
 * every entry is held to its declared size and CRC, so a lying header cannot blow memory.
 * Pure functions only (no file system, no clock); usable in the browser as well.
 */

export const PROJECT_JSON = "project.json";
export const CUSTOMIZING_FOLDER = "customizing/";

export type EsprojectContents = {
  document: ProjectDocument;
  /** the files of the customizing folder, their paths relative to it, sorted */
  customizing: { path: string; size: number }[];
  /** entries of the zip, folders included */
  entries: number;
  /** bytes inflated, all entries together */
  unpackedBytes: number;
};

/** What is wrong with a project file: the code the UI translates (`problem`), and an English `reason`. */
type Problem =
  | { problem: "notZip" | "pathEscapes" | "compressionRatio" | "overlapping" | "noProjectJson" | "notUtf8" | "notJson" }
  | { problem: "tooManyEntries"; max: number }
  | {
      problem: "damagedEntry" | "unexpectedEntry" | "duplicateEntry" | "encryptedEntry" | "unsupportedCompression";
      entry: string;
    }
  | { problem: "content"; detail: string };

function reasonOf(p: Problem): string {
  switch (p.problem) {
    case "notZip":
      return "not a zip";
    case "pathEscapes":
      return "path escapes";
    case "compressionRatio":
      return "compression ratio";
    case "overlapping":
      return "overlapping entries";
    case "noProjectJson":
      return `${PROJECT_JSON} missing`;
    case "notUtf8":
      return `${PROJECT_JSON}: not valid UTF-8`;
    case "notJson":
      return `${PROJECT_JSON}: not valid JSON`;
    case "tooManyEntries":
      return `more than ${p.max} entries`;
    case "damagedEntry":
      return `entry ${p.entry} is damaged`;
    case "unexpectedEntry":
      return `unexpected entry ${p.entry}`;
    case "duplicateEntry":
      return `duplicate entry ${p.entry}`;
    case "encryptedEntry":
      return `encrypted entry ${p.entry}`;
    case "unsupportedCompression":
      return `unsupported compression in ${p.entry}`;
    case "content":
      return `${PROJECT_JSON}: ${p.detail}`;
  }
}

function invalid(p: Problem): AppError {
  return new AppError("projects_error_invalidFile", { ...p, reason: reasonOf(p) });
}

function tooLarge(maxUnpackedBytes: number): AppError {
  return new AppError("projects_error_tooLarge", { limit: Math.round((maxUnpackedBytes / (1024 * 1024)) * 100) / 100 });
}

/** true for a relative path with clean segments: no drive, no backslash, no NUL, no "", "." or ".." segment */
export function isContainedPath(name: string): boolean {
  if (name === "" || name.includes("\0") || name.includes("\\") || name.startsWith("/") || /^[A-Za-z]:/.test(name)) {
    return false;
  }
  // a folder entry ends with "/": its last segment is empty
  const segments = name.endsWith("/") ? name.slice(0, -1).split("/") : name.split("/");
  return segments.every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

// ---- reading the zip ------------------------------------------------------------------------------------------

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_END = 0x06054b50;
const SIG_ZIP64_END = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_STRONG_ENCRYPTION = 0x0040;
const FLAG_UTF8 = 0x0800;
const METHOD_STORED = 0;
const METHOD_DEFLATE = 8;
/** compressed bytes handed to the inflater at once: at most ~1032 times this is inflated before the next check */
const INFLATE_CHUNK = 16 * 1024;

type CentralEntry = {
  name: string;
  nameBytes: Uint8Array;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
};

/** thrown inside the parser for any structural problem; becomes the problem notZip */
class NotAZip extends Error {}

class Reader {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  private check(offset: number, length: number): void {
    if (!Number.isSafeInteger(offset) || offset < 0 || offset + length > this.bytes.length) throw new NotAZip();
  }
  u16(offset: number): number {
    this.check(offset, 2);
    return this.view.getUint16(offset, true);
  }
  u32(offset: number): number {
    this.check(offset, 4);
    return this.view.getUint32(offset, true);
  }
  u64(offset: number): number {
    const value = this.u32(offset) + this.u32(offset + 4) * 2 ** 32;
    if (!Number.isSafeInteger(value)) throw new NotAZip();
    return value;
  }
  slice(offset: number, length: number): Uint8Array {
    this.check(offset, length);
    return this.bytes.subarray(offset, offset + length);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const latin1 = new TextDecoder("latin1");

function decodeName(bytes: Uint8Array, flags: number): string {
  try {
    return utf8.decode(bytes);
  } catch {
    // without the UTF-8 flag the name is in the legacy code page; latin1 keeps it readable
    if (flags & FLAG_UTF8) throw new NotAZip();
    return latin1.decode(bytes);
  }
}

function findEnd(reader: Reader): number {
  const length = reader.bytes.length;
  const lowest = Math.max(0, length - 22 - 0xffff);
  for (let offset = length - 22; offset >= lowest; offset--) {
    if (reader.u32(offset) === SIG_END && offset + 22 + reader.u16(offset + 20) <= length) return offset;
  }
  throw new NotAZip();
}

function readCentralDirectory(reader: Reader, maxEntries: number): { entries: CentralEntry[]; directoryOffset: number } {
  const end = findEnd(reader);
  let count = reader.u16(end + 10);
  let directorySize = reader.u32(end + 12);
  let directoryOffset = reader.u32(end + 16);
  let directoryLimit = end;
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = end - 20;
    if (reader.u32(locator) !== SIG_ZIP64_LOCATOR) throw new NotAZip();
    const zip64End = reader.u64(locator + 8);
    if (reader.u32(zip64End) !== SIG_ZIP64_END) throw new NotAZip();
    count = reader.u64(zip64End + 32);
    directorySize = reader.u64(zip64End + 40);
    directoryOffset = reader.u64(zip64End + 48);
    directoryLimit = zip64End;
  } else if (reader.u16(end + 4) !== 0 || reader.u16(end + 6) !== 0 || reader.u16(end + 8) !== count) {
    // a split archive
    throw new NotAZip();
  }
  if (directoryOffset + directorySize > directoryLimit) throw new NotAZip();
  if (count > maxEntries) throw invalid({ problem: "tooManyEntries", max: maxEntries });

  const entries: CentralEntry[] = [];
  let offset = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (reader.u32(offset) !== SIG_CENTRAL) throw new NotAZip();
    const flags = reader.u16(offset + 8);
    const method = reader.u16(offset + 10);
    const crc = reader.u32(offset + 16);
    let compressedSize = reader.u32(offset + 20);
    let size = reader.u32(offset + 24);
    const nameLength = reader.u16(offset + 28);
    const extraLength = reader.u16(offset + 30);
    const commentLength = reader.u16(offset + 32);
    let localOffset = reader.u32(offset + 42);
    const nameBytes = reader.slice(offset + 46, nameLength);
    // zip64: the sizes and the offset that overflowed 32 bits follow, in this order, in extra field 0x0001
    let extra = offset + 46 + nameLength;
    const extraEnd = extra + extraLength;
    while (extra + 4 <= extraEnd) {
      const id = reader.u16(extra);
      const length = reader.u16(extra + 2);
      if (id === 0x0001) {
        let field = extra + 4;
        const next = (): number => {
          if (field + 8 > extra + 4 + length) throw new NotAZip();
          field += 8;
          return reader.u64(field - 8);
        };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localOffset === 0xffffffff) localOffset = next();
      }
      extra += 4 + length;
    }
    offset = extraEnd + commentLength;
    if (offset > directoryOffset + directorySize) throw new NotAZip();
    entries.push({
      name: decodeName(nameBytes, flags),
      nameBytes,
      flags,
      method,
      crc,
      compressedSize,
      size,
      localOffset,
    });
  }
  return { entries, directoryOffset };
}

/** where the data of `entry` lies, after checking its local header against the central one */
function dataRange(reader: Reader, entry: CentralEntry, directoryStart: number): { start: number; end: number } {
  const at = entry.localOffset;
  if (reader.u32(at) !== SIG_LOCAL) throw new NotAZip();
  const nameLength = reader.u16(at + 26);
  const extraLength = reader.u16(at + 28);
  const localName = reader.slice(at + 30, nameLength);
  if (localName.length !== entry.nameBytes.length || localName.some((byte, index) => byte !== entry.nameBytes[index])) {
    throw invalid({ problem: "damagedEntry", entry: entry.name });
  }
  const start = at + 30 + nameLength + extraLength;
  const end = start + entry.compressedSize;
  if (end > directoryStart) throw invalid({ problem: "damagedEntry", entry: entry.name });
  return { start, end };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO-HDLC, as zip uses it) continued over `chunk`; start with 0 */
export function crc32(chunk: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let index = 0; index < chunk.length; index++) {
    c = (CRC_TABLE[(c ^ chunk[index]!) & 0xff]! ^ (c >>> 8)) >>> 0;
  }
  return ~c >>> 0;
}

type Budget = { used: number; readonly max: number };

/**
 * Inflates one entry, holding it to its declared size, its CRC and the total budget while inflating; hands the
 * data to `keep` (or drops it, when only checked).
 */
function inflateEntry(entry: CentralEntry, data: Uint8Array, budget: Budget, keep?: Uint8Array[]): void {
  let produced = 0;
  let crc = 0;
  const take = (chunk: Uint8Array): void => {
    produced += chunk.length;
    budget.used += chunk.length;
    if (budget.used > budget.max) throw tooLarge(budget.max);
    if (produced > entry.size) throw invalid({ problem: "damagedEntry", entry: entry.name });
    crc = crc32(chunk, crc);
    keep?.push(chunk);
  };
  if (entry.method === METHOD_STORED) {
    take(data);
  } else if (data.length > 0) {
    const inflater = new Inflate((chunk) => take(chunk));
    try {
      for (let at = 0; at < data.length; at += INFLATE_CHUNK) {
        const last = at + INFLATE_CHUNK >= data.length;
        inflater.push(data.subarray(at, last ? data.length : at + INFLATE_CHUNK), last);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw invalid({ problem: "damagedEntry", entry: entry.name });
    }
  }
  if (produced !== entry.size || crc !== entry.crc) throw invalid({ problem: "damagedEntry", entry: entry.name });
}

/** the first index of `sorted` whose value is not below `value` */
function lowerBound(sorted: string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? "") < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

function parseDocument(bytes: Uint8Array): ProjectDocument {
  let text: string;
  try {
    // a byte order mark is dropped
    text = utf8.decode(bytes);
  } catch {
    throw invalid({ problem: "notUtf8" });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalid({ problem: "notJson" });
  }
  const parsed = ZProjectDocument.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join(".")}: ` : "";
    throw invalid({ problem: "content", detail: `${where}${issue?.message ?? "not valid"}` });
  }
  return parsed.data;
}

/**
 * Reads and validates a project file. Throws AppError `projects_error_invalidFile` ({ reason }) or
 * `projects_error_tooLarge` ({ limit } in MB). `limits` lowers (or raises) {@link ESPROJECT_LIMITS}, for tests.
 */
export function readEsproject(bytes: Uint8Array, limits: EsprojectLimits = {}): EsprojectContents {
  const maxUnpackedBytes = limits.maxUnpackedBytes ?? ESPROJECT_LIMITS.maxUnpackedBytes;
  const maxRatio = limits.maxRatio ?? ESPROJECT_LIMITS.maxRatio;
  const maxEntries = limits.maxEntries ?? ESPROJECT_LIMITS.maxEntries;
  const reader = new Reader(bytes);
  try {
    // 1. the central directory, checked entry by entry before anything is inflated
    const { entries, directoryOffset } = readCentralDirectory(reader, maxEntries);
    let declared = 0;
    let projectJson: CentralEntry | undefined;
    const files: CentralEntry[] = [];
    const taken = new Set<string>();
    for (const entry of entries) {
      const { name } = entry;
      if (!isContainedPath(name)) throw invalid({ problem: "pathEscapes" });
      const isFolder = name.endsWith("/");
      if (name !== PROJECT_JSON && !name.startsWith(CUSTOMIZING_FOLDER))
        throw invalid({ problem: "unexpectedEntry", entry: name });
      // case-insensitive file systems would merge these
      const key = name.toLowerCase();
      if (taken.has(key)) throw invalid({ problem: "duplicateEntry", entry: name });
      taken.add(key);
      if (entry.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) throw invalid({ problem: "encryptedEntry", entry: name });
      if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATE)
        throw invalid({ problem: "unsupportedCompression", entry: name });
      if (entry.method === METHOD_STORED && entry.compressedSize !== entry.size)
        throw invalid({ problem: "damagedEntry", entry: name });
      if (isFolder && entry.size !== 0) throw invalid({ problem: "damagedEntry", entry: name });
      if (entry.size > maxRatio * entry.compressedSize) throw invalid({ problem: "compressionRatio" });
      declared += entry.size;
      if (declared > maxUnpackedBytes) throw tooLarge(maxUnpackedBytes);
      if (isFolder) continue;
      if (name === PROJECT_JSON) projectJson = entry;
      else files.push(entry);
    }
    // a file that is also a folder: some entry starts with "<file>/", found by binary search in the sorted names
    const sorted = [...taken].sort();
    for (const entry of files) {
      const folder = `${entry.name.toLowerCase()}/`;
      if (sorted[lowerBound(sorted, folder)]?.startsWith(folder)) throw invalid({ problem: "duplicateEntry", entry: entry.name });
    }
    if (!projectJson) throw invalid({ problem: "noProjectJson" });

    // 2. where each entry's data lies; no two entries may share bytes
    const ranges = new Map<CentralEntry, { start: number; end: number }>();
    for (const entry of entries) ranges.set(entry, dataRange(reader, entry, directoryOffset));
    const ordered = [...entries].sort((a, b) => a.localOffset - b.localOffset);
    let previousEnd = 0;
    for (const entry of ordered) {
      if (entry.localOffset < previousEnd) throw invalid({ problem: "overlapping" });
      previousEnd = ranges.get(entry)?.end ?? previousEnd;
    }

    // 3. inflate: project.json is kept, the customizing files are only checked
    const budget: Budget = { used: 0, max: maxUnpackedBytes };
    const chunks: Uint8Array[] = [];
    for (const entry of ordered) {
      const range = ranges.get(entry);
      if (!range || entry.name.endsWith("/")) continue;
      const data = bytes.subarray(range.start, range.end);
      inflateEntry(entry, data, budget, entry === projectJson ? chunks : undefined);
    }
    const document = parseDocument(concat(chunks, projectJson.size));
    const customizing = files
      .map((entry) => ({ path: entry.name.slice(CUSTOMIZING_FOLDER.length), size: entry.size }))
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { document, customizing, entries: entries.length, unpackedBytes: budget.used };
  } catch (error) {
    if (error instanceof NotAZip || error instanceof RangeError) throw invalid({ problem: "notZip" });
    throw error;
  }
}

// ---- writing ---------------------------------------------------------------------------------------------------

/** fixed, so the same project gives the same bytes */
const ENTRY_TIME = new Date(2000, 0, 1);

/** deflated, unless that would exceed the ratio readEsproject accepts; then stored */
function zipEntry(data: Uint8Array): [Uint8Array, ZipOptions] {
  const compressed = deflateSync(data, { level: 6 });
  const level = data.length > ESPROJECT_LIMITS.maxRatio * compressed.length ? 0 : 6;
  return [data, { level, mtime: ENTRY_TIME }];
}

/**
 * A project file of `doc` and the customizing files (paths relative to the customizing folder), as
 * readEsproject reads it back. Throws AppError `projects_error_invalidFile` ("path escapes") for a bad path.
 */
export function writeEsproject(doc: ProjectDocument, customizing: Record<string, Uint8Array> = {}): Uint8Array {
  const files: Zippable = { [PROJECT_JSON]: zipEntry(strToU8(`${JSON.stringify(doc, null, 2)}\n`)) };
  for (const [path, data] of Object.entries(customizing)) {
    const name = `${CUSTOMIZING_FOLDER}${path}`;
    if (path === "" || path.endsWith("/") || !isContainedPath(name)) throw invalid({ problem: "pathEscapes" });
    files[name] = zipEntry(data);
  }
  return zipSync(files, { mtime: ENTRY_TIME });
}

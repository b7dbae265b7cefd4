import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { finished } from "node:stream/promises";
import zlib from "node:zlib";
import { Zip, ZipPassThrough } from "fflate";
import type { Database } from "@/db/client";
import { type Download, downloads } from "@/db/schema";
import { CSV_BOM, type CsvValue, csvLine } from "@/lib/csv";
import { resolveFile } from "@/lib/files/store";
import { DOWNLOADS_DIR, DOWNLOADS_TEMP_DIR, downloadFilePath, downloadTempPath } from "./files";
import { type DownloadType, downloadTypeNumber } from "./rules";

/**
 * The one writer of downloads (DESIGN.md "Downloads"): a zip holding each entry twice, as CSV (lib/csv.ts, with a
 * byte order mark) and as JSON (an array of objects keyed by the column names), streamed from rows read in batches
 * (`rows`, or formatted already: `lines` as strings, `texts` as bytes) so that no archive is ever held in memory. The
 * archivers (workers/scheduler/functions) and MetricsAggregator use it:
 *
 *   await writeArchive(db, {
 *     type: "MetricAggregate", systemId: null, displayFileName: "MetricAggregate_2026-10_all.zip",
 *     externalId: "MetricAggregate:2026-10:all",
 *     entries: [{ name: "metric-aggregate-2026-10", columns: ["systemId", "jobs"], rows: [[["…", 12]]] }],
 *   });
 *
 * The zip is written below DATA_DIR/files/downloads/tmp and moved into place when complete; only then is the row
 * inserted (with `beforeCommit` in its transaction), so a download row always has its whole file.
 */

export type ArchiveValue = string | number | boolean | Date | null;
/** Rows in batches (a keyset reader yields one array per query); an in-memory list is one batch: `[rows]`. */
export type ArchiveRows = AsyncIterable<readonly (readonly ArchiveValue[])[]> | Iterable<readonly (readonly ArchiveValue[])[]>;

/** A row written already: its CSV line (with the line end) and its JSON object. */
export type ArchiveLine = { csv: string; json: string };

/** Where a producer of ArchiveTexts puts the rows' texts, one row a call. */
export type LineSink = {
  /**
   * Takes `bytes[start, end)`, UTF-8, as the next row's text (copied: the producer may reuse its buffer). Answers false
   * when the deflater has enough: wait for `drained()` before the next line.
   */
  line(bytes: Uint8Array, start: number, end: number): boolean;
  /** Resolves when the deflater takes more; rejects when the archive cannot be written. */
  drained(): Promise<void>;
};

/**
 * Rows formatted elsewhere as bytes (PostgreSQL's COPY: workers/scheduler/functions/archive-copy.ts): the producer hands
 * each row's CSV line (with its line end) to `csv` and its JSON object to `json`, both in the same row order, and
 * resolves when it has handed over every row.
 */
export type ArchiveTexts = (sinks: { csv: LineSink; json: LineSink }) => Promise<void>;

/** An entry's rows when they come formatted (by the database: workers/scheduler/functions/archiver.ts). */
export type ArchiveContent =
  /** as strings, in batches */
  | { lines: AsyncIterable<readonly ArchiveLine[]> }
  /** as bytes */
  | { texts: ArchiveTexts };

export type ArchiveEntry = {
  /** the file name in the zip without extension: `<name>.csv` and `<name>.json` */
  name: string;
  /** the CSV header and the JSON keys; every row holds one value per column, in this order */
  columns: readonly string[];
} & ({ rows: ArchiveRows } | ArchiveContent);

export type ArchiveInput = {
  type: Exclude<DownloadType, "Unknown">;
  /** the system whose data it holds; null for an archive over every system (only the admin portal lists it) */
  systemId: string | null;
  displayFileName: string;
  /** what the archive holds, e.g. `AuditTrail:2026-10:all`; not unique here (the archivers keep their own record) */
  externalId: string;
  entries: readonly ArchiveEntry[];
};

export type ArchiveResult = { download: Download; rows: number };

/**
 * zlib's fastest level: archives of a million rows are written at a few seconds, about 8 % larger than level 6. The
 * largest hash memory and 64 KB output chunks take about 12 % less time than zlib's defaults for the same bytes
 * (bench/RESULTS.md "Audit-trail archive"); the bench deflates its bound with the same options.
 */
export const ARCHIVE_DEFLATE: zlib.ZlibOptions = { level: 1, memLevel: 9, chunkSize: 64 * 1024 };
/** Text handed to the deflaters at once: of rows as strings, in characters; of rows as bytes, in bytes. */
const CHUNK_CHARS = 64 * 1024;
const PIECE_BYTES = 256 * 1024;
/** The JSON array's separators before its first object and before each further one. */
const JSON_FIRST = Buffer.from("\n");
const JSON_NEXT = Buffer.from(",\n");
/** fflate writes ZIP without the ZIP64 extension: an entry or the whole zip stays below 4 GiB. */
const ZIP32_LIMIT = 0xffff_ffff;

/** A zip entry whose data arrives deflated; its CRC-32 and size (of the uncompressed data) are set before the end. */
class DeflatedEntry extends ZipPassThrough {
  constructor(name: string) {
    super(name);
    this.compression = 8;
    this.mtime = Date.now();
  }

  override push(chunk: Uint8Array, final = false): void {
    this.ondata(null, chunk as Uint8Array<ArrayBuffer>, final);
  }

  end(crc: number, size: number): void {
    this.crc = crc;
    this.size = size;
    this.push(new Uint8Array(0), true);
  }
}

/** Native deflate (it runs on libuv's thread pool, beside the formatting), with the CRC-32 and size of its input. */
class Deflater {
  readonly stream = zlib.createDeflateRaw(ARCHIVE_DEFLATE);
  crc = 0;
  size = 0;

  constructor(private readonly label: string) {}

  /** Hands a chunk to zlib; false when it has enough (see drained). */
  push(chunk: Buffer): boolean {
    this.crc = zlib.crc32(chunk, this.crc);
    this.size += chunk.length;
    if (this.size > ZIP32_LIMIT) throw new Error(`${this.label} exceeds 4 GiB: package by week`);
    return this.stream.write(chunk);
  }

  async drained(): Promise<void> {
    if (this.stream.writableNeedDrain) await once(this.stream, "drain");
  }

  async write(text: string): Promise<void> {
    if (!this.push(Buffer.from(text))) await once(this.stream, "drain");
  }
}

/** A promise that is awaited later: marked handled now, so that a failure before then is not an unhandled rejection. */
function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {});
  return promise;
}

/** The zip being written into its temporary file. */
class ZipFile {
  private readonly out: WriteStream;
  readonly zip: Zip;
  readonly written: Promise<void>;
  private bytes = 0;

  constructor(full: string) {
    this.out = createWriteStream(full);
    this.written = later(finished(this.out));
    this.zip = new Zip((err, data, final) => {
      if (err) return void this.out.destroy(err);
      this.bytes += data.length;
      if (this.bytes > ZIP32_LIMIT) return void this.out.destroy(new Error("the archive exceeds 4 GiB: package by week"));
      this.out.write(data);
      if (final) this.out.end();
    });
  }

  /** Waits while the file has more buffered than it takes (the deflated data is small, but a disk can be slow). */
  async drained(): Promise<void> {
    if (this.out.writableNeedDrain) await once(this.out, "drain");
  }

  get needsDrain(): boolean {
    return this.out.writableNeedDrain;
  }

  destroy(): void {
    this.out.destroy();
  }
}

function jsonRow(columns: readonly string[], row: readonly ArchiveValue[]): string {
  const record: Record<string, ArchiveValue> = {};
  for (let i = 0; i < columns.length; i++) record[columns[i] as string] = row[i] ?? null;
  return JSON.stringify(record);
}

/** Rows' texts gathered into pieces of PIECE_BYTES for a deflater: a call into zlib per row would cost more. */
class Pieces implements LineSink {
  rows = 0;
  private piece = Buffer.allocUnsafe(PIECE_BYTES);
  private used = 0;

  constructor(
    private readonly deflater: Deflater,
    private readonly file: ZipFile,
    /** the JSON array's separators; none for CSV lines */
    private readonly separated = false,
  ) {}

  line(bytes: Uint8Array, start: number, end: number): boolean {
    const separator = this.separated ? (this.rows ? JSON_NEXT : JSON_FIRST) : null;
    const length = (separator?.length ?? 0) + end - start;
    this.rows++;
    let more = true;
    if (this.used + length > this.piece.length) more = this.flush();
    // a row longer than a piece gets a piece of its own size
    if (length > this.piece.length) this.piece = Buffer.allocUnsafe(length);
    if (separator) {
      this.piece.set(separator, this.used);
      this.used += separator.length;
    }
    this.piece.set(bytes.subarray(start, end), this.used);
    this.used += end - start;
    return more && !this.file.needsDrain;
  }

  async drained(): Promise<void> {
    await Promise.all([this.deflater.drained(), this.file.drained()]);
  }

  /** Hands the gathered piece to the deflater; false when it has enough. */
  flush(): boolean {
    if (!this.used) return true;
    const piece = this.piece.subarray(0, this.used);
    this.piece = Buffer.allocUnsafe(PIECE_BYTES);
    this.used = 0;
    return this.deflater.push(piece);
  }
}

/** Rows that come as bytes: each text into its deflater. Answers the number of rows. */
async function writeTexts(texts: ArchiveTexts, csv: Deflater, json: Deflater, file: ZipFile): Promise<number> {
  const sinks = { csv: new Pieces(csv, file), json: new Pieces(json, file, true) };
  await texts(sinks);
  if (sinks.csv.rows !== sinks.json.rows)
    throw new Error(`the CSV got ${sinks.csv.rows} rows and the JSON ${sinks.json.rows}: the two reads differ`);
  sinks.csv.flush();
  sinks.json.flush();
  return sinks.csv.rows;
}

/** Rows as strings, formatted here (lib/csv.ts, JSON.stringify) unless they come formatted. */
async function* linesOf(entry: ArchiveEntry): AsyncIterable<readonly ArchiveLine[]> {
  if ("lines" in entry) return yield* entry.lines;
  if ("rows" in entry)
    for await (const batch of entry.rows)
      yield batch.map((row) => ({ csv: csvLine(row as readonly CsvValue[]), json: jsonRow(entry.columns, row) }));
}

/** Rows as strings: joined into pieces of CHUNK_CHARS for the deflaters. Answers the number of rows. */
async function writeLines(lines: AsyncIterable<readonly ArchiveLine[]>, csv: Deflater, json: Deflater, file: ZipFile) {
  let rows = 0;
  let csvText = "";
  let jsonText = "";
  const flush = async () => {
    await Promise.all([csv.write(csvText), json.write(jsonText), file.drained()]);
    csvText = "";
    jsonText = "";
  };
  for await (const batch of lines) {
    // each line is let go once joined: the rest of the batch waits for the deflaters, and what it still held would
    // outlive the young generation and pile up until a full GC (bench/RESULTS.md "Audit-trail archive")
    const pending = batch as (ArchiveLine | undefined)[];
    for (let i = 0; i < pending.length; i++) {
      const line = pending[i] as ArchiveLine;
      pending[i] = undefined;
      csvText += line.csv;
      jsonText += `${rows++ ? ",\n" : "\n"}${line.json}`;
      // short strings die young: a batch's text as one string would be a large object that only a full GC frees
      if (jsonText.length > CHUNK_CHARS) await flush();
    }
  }
  await flush();
  return rows;
}

/**
 * One entry: the CSV is deflated straight into the zip while the JSON of the same rows is deflated into a side file
 * (fflate's Zip writes entries one after the other), which follows as the second entry. Answers the number of rows.
 */
async function writeEntry(file: ZipFile, entry: ArchiveEntry, sidePath: string): Promise<number> {
  const csvEntry = new DeflatedEntry(`${entry.name}.csv`);
  file.zip.add(csvEntry);
  const csv = new Deflater(`${entry.name}.csv`);
  csv.stream.on("data", (chunk: Uint8Array) => csvEntry.push(chunk));
  const csvDone = later(once(csv.stream, "end"));
  const json = new Deflater(`${entry.name}.json`);
  const side = createWriteStream(sidePath);
  json.stream.pipe(side);
  const sideDone = later(finished(side));
  try {
    await Promise.all([csv.write(CSV_BOM + csvLine(entry.columns)), json.write("[")]);
    const rows =
      "texts" in entry ? await writeTexts(entry.texts, csv, json, file) : await writeLines(linesOf(entry), csv, json, file);
    await json.write(rows ? "\n]\n" : "]\n");
    csv.stream.end();
    json.stream.end();
    await Promise.all([csvDone, sideDone]);
    csvEntry.end(csv.crc, csv.size);

    const jsonEntry = new DeflatedEntry(`${entry.name}.json`);
    file.zip.add(jsonEntry);
    for await (const chunk of createReadStream(sidePath)) {
      jsonEntry.push(chunk as Buffer);
      await file.drained();
    }
    jsonEntry.end(json.crc, json.size);
    return rows;
  } finally {
    csv.stream.destroy();
    json.stream.destroy();
    side.destroy();
    // a stream destroyed before its file was open still opens (and creates) it: remove the file once it is closed
    if (!side.closed) await new Promise<void>((resolve) => side.once("close", () => resolve()));
    await rm(sidePath, { force: true });
  }
}

/**
 * Writes one download: the zip of `entries`, then its row (and whatever `beforeCommit` writes, in the same
 * transaction; when that throws, nothing is kept). Answers the row and the number of rows archived.
 */
export async function writeArchive(
  db: Database,
  input: ArchiveInput,
  options: { beforeCommit?: (tx: Database, written: ArchiveResult) => Promise<void> } = {},
): Promise<ArchiveResult> {
  const id = randomUUID();
  const temp = resolveFile(downloadTempPath(id, "zip"));
  const target = downloadFilePath(id);
  await mkdir(resolveFile(DOWNLOADS_TEMP_DIR), { recursive: true });
  const file = new ZipFile(temp);
  let rows = 0;
  try {
    for (const entry of input.entries)
      rows += await writeEntry(file, entry, resolveFile(downloadTempPath(randomUUID(), "entry")));
    file.zip.end();
    await file.written;
    await mkdir(resolveFile(DOWNLOADS_DIR), { recursive: true });
    await rename(temp, resolveFile(target));
  } catch (error) {
    file.destroy();
    await rm(temp, { force: true });
    throw error;
  }
  try {
    const { size } = await stat(resolveFile(target));
    const download = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(downloads)
        .values({
          id,
          systemId: input.systemId,
          type: downloadTypeNumber(input.type),
          displayFileName: input.displayFileName,
          externalId: input.externalId,
          size,
          path: target,
        })
        .returning();
      if (!row) throw new Error("download row not written");
      await options.beforeCommit?.(tx, { download: row, rows });
      return row;
    });
    return { download, rows };
  } catch (error) {
    await rm(resolveFile(target), { force: true });
    throw error;
  }
}

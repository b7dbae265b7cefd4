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
import { type ArchiveKind, type ByteOut, CopyFormatter } from "./copy-format";
import { DOWNLOADS_DIR, DOWNLOADS_TEMP_DIR, downloadFilePath, downloadTempPath } from "./files";
import { type DownloadType, downloadTypeNumber } from "./rules";

/**
 * The one writer of downloads (DESIGN.md "Downloads"): a zip holding each entry twice, as CSV (lib/csv.ts, with a
 * byte order mark) and as JSON (an array of objects keyed by the column names), streamed from rows read in batches
 * (`rows` of values, or `copy`: the binary COPY of the rows' texts, formatted by ./copy-format.ts) so that no archive is
 * ever held in memory. The
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

/** Where a producer of ArchiveCopy puts the COPY's output. */
export type CopySink = {
  /**
   * Takes the next chunk of the output (read at once: the producer may reuse it). False when the deflaters have enough:
   * wait for `drained()`.
   */
  write(chunk: Buffer): boolean;
  /** Resolves when the deflaters take more; rejects when the archive cannot be written. */
  drained(): Promise<void>;
};

/**
 * Rows as PostgreSQL's binary COPY of their texts writes them, one text field per column (./copy-format.ts): the
 * producer hands the whole output, header to trailer, to the sink and resolves when it has.
 */
export type ArchiveCopy = (sink: CopySink) => Promise<void>;

/** An entry's rows as a COPY (./archive-source.ts), with each column's JSON kind. */
export type ArchiveContent = { copy: ArchiveCopy; kinds: readonly ArchiveKind[] };

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
/**
 * Text a deflater holds queued before it asks for a pause: several pieces, so that formatting goes on while zlib
 * deflates on its thread (with one piece the two took turns).
 */
const DEFLATE_QUEUE = 4 * 1024 * 1024;
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
  readonly stream = zlib.createDeflateRaw({
    ...ARCHIVE_DEFLATE,
    // zlib's streams take the stream options too (Node's zlib.js passes them to Transform)
    ...({ writableHighWaterMark: DEFLATE_QUEUE } as zlib.ZlibOptions),
  });
  crc = 0;
  size = 0;

  constructor(private readonly label: string) {}

  /** Hands a chunk to zlib (`done` when zlib has read it); false when it has enough (see drained). */
  push(chunk: Buffer, done?: () => void): boolean {
    this.crc = zlib.crc32(chunk, this.crc);
    this.size += chunk.length;
    if (this.size > ZIP32_LIMIT) throw new Error(`${this.label} exceeds 4 GiB: package by week`);
    return this.stream.write(chunk, done);
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
    this.out = createWriteStream(full, { highWaterMark: DEFLATE_QUEUE });
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

/** Formatted text gathered into pieces of PIECE_BYTES for a deflater: a call into zlib per row would cost more. */
class Pieces implements ByteOut {
  buf: Buffer = Buffer.allocUnsafe(PIECE_BYTES);
  pos = 0;
  /** pieces zlib has read, used again: a new 256 KB buffer per piece kept the garbage collector busy */
  private readonly spare: Buffer[] = [];

  constructor(
    private readonly deflater: Deflater,
    private readonly file: ZipFile,
  ) {}

  room(bytes: number): boolean {
    if (this.pos + bytes > this.buf.length) {
      this.flush();
      // a row longer than a piece gets a piece of its own size
      if (bytes > this.buf.length) this.buf = Buffer.allocUnsafe(bytes);
    }
    return !this.deflater.stream.writableNeedDrain && !this.file.needsDrain;
  }

  async drained(): Promise<void> {
    await Promise.all([this.deflater.drained(), this.file.drained()]);
  }

  /** Hands the gathered piece to the deflater. */
  flush(): void {
    if (!this.pos) return;
    const whole = this.buf;
    const piece = whole.subarray(0, this.pos);
    this.buf = this.spare.pop() ?? Buffer.allocUnsafe(PIECE_BYTES);
    this.pos = 0;
    this.deflater.push(piece, whole.length === PIECE_BYTES ? () => void this.spare.push(whole) : undefined);
  }
}

/** Rows that come as a COPY: formatted into the two texts (./copy-format.ts). Answers the number of rows. */
async function writeCopy(entry: ArchiveEntry & ArchiveContent, csv: Deflater, json: Deflater, file: ZipFile): Promise<number> {
  if (entry.kinds.length !== entry.columns.length) throw new Error(`${entry.name}: a kind for each column`);
  const out = { csv: new Pieces(csv, file), json: new Pieces(json, file) };
  const columns = entry.columns.map((name, i) => ({ name, kind: entry.kinds[i] as ArchiveKind }));
  const formatter = new CopyFormatter(columns, out.csv, out.json);
  await entry.copy({
    write: (chunk) => formatter.write(chunk),
    drained: async () => {
      await Promise.all([out.csv.drained(), out.json.drained()]);
    },
  });
  if (!formatter.complete) throw new Error(`${entry.name}: the COPY ended before its trailer`);
  out.csv.flush();
  out.json.flush();
  return formatter.rows;
}

/**
 * Rows of values: formatted here (lib/csv.ts, JSON.stringify) and joined into pieces of CHUNK_CHARS for the deflaters.
 * Answers the number of rows.
 */
async function writeRows(rowsOf: ArchiveRows, columns: readonly string[], csv: Deflater, json: Deflater, file: ZipFile) {
  let rows = 0;
  let csvText = "";
  let jsonText = "";
  const flush = async () => {
    await Promise.all([csv.write(csvText), json.write(jsonText), file.drained()]);
    csvText = "";
    jsonText = "";
  };
  for await (const batch of rowsOf) {
    for (const row of batch) {
      csvText += csvLine(row as readonly CsvValue[]);
      jsonText += `${rows++ ? ",\n" : "\n"}${jsonRow(columns, row)}`;
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
  const side = createWriteStream(sidePath, { highWaterMark: DEFLATE_QUEUE });
  json.stream.pipe(side);
  const sideDone = later(finished(side));
  try {
    await Promise.all([csv.write(CSV_BOM + csvLine(entry.columns)), json.write("[")]);
    const rows =
      "copy" in entry ? await writeCopy(entry, csv, json, file) : await writeRows(entry.rows, entry.columns, csv, json, file);

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

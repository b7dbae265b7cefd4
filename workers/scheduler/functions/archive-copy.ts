import type { Readable } from "node:stream";
import type { Sql, TransactionSql } from "postgres";
import type { Database } from "@/db/client";
import type { ArchiveTexts, LineSink } from "@/lib/downloads/archive";

/**
 * An archive's rows on PostgreSQL (bench/RESULTS.md "Audit-trail archive"): the CSV lines and the JSON objects streamed
 * by two `COPY (select …) TO STDOUT` at once, each on its own connection, so that PostgreSQL formats the two texts on
 * two cores while this process only copies each row's text into the deflaters' pieces. Both read one snapshot (the
 * first transaction exports it, the second imports it): the CSV and the JSON hold the same rows even while rows are
 * written or cleaned meanwhile. COPY's binary format, because it frames each row's text by its length and leaves it as
 * it is (the text and CSV formats would escape or quote the line breaks inside the texts).
 *
 * COPY takes no bind parameters: the queries come with their values inlined (drizzle's inlineParams).
 */

/** The postgres.js client under a Drizzle database, or null (PGlite: no COPY to a stream, workers/…/archiver.ts). */
export function postgresClient(db: Database): Sql | null {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === "function" && "begin" in client && "unsafe" in client ? (client as Sql) : null;
}

const SNAPSHOT = "isolation level repeatable read read only";

/** The two COPYs as ArchiveTexts: `csv` and `json` are selects of one text column each, in the same row order. */
export function copyTexts(client: Sql, selects: { csv: string; json: string }): ArchiveTexts {
  return async (sinks) => {
    const csv = new CopyReader(selects.csv, sinks.csv);
    const json = new CopyReader(selects.json, sinks.json);
    await client.begin(SNAPSHOT, async (first) => {
      const [row] = await first<{ snapshot: string }[]>`select pg_export_snapshot() as snapshot`;
      const snapshot = row?.snapshot ?? "";
      if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error(`unexpected snapshot name "${snapshot}"`);
      // the first failure stops the other read, and is the one reported
      const failures: unknown[] = [];
      const stopsOther = (read: Promise<void>, other: CopyReader) =>
        read.catch((reason: unknown) => {
          failures.push(reason);
          other.abort(reason);
        });
      // this transaction stays open until the second has read too: a snapshot is imported only while its exporter lives
      await Promise.all([
        stopsOther(csv.run(first), json),
        stopsOther(
          client.begin(SNAPSHOT, async (second) => {
            await second.unsafe(`set transaction snapshot '${snapshot}'`);
            await json.run(second);
          }),
          csv,
        ),
      ]);
      if (failures.length) throw failures[0];
    });
  };
}

/** One COPY of one text column into a sink, paused while the sink has enough. */
class CopyReader {
  private failure: { reason: unknown } | null = null;
  private cancel: (() => void) | null = null;
  private stream: Readable | null = null;

  constructor(
    private readonly select: string,
    private readonly sink: LineSink,
  ) {}

  /** Stops the COPY (the other one failed): PostgreSQL is asked to cancel it, and its rows are read on and dropped. */
  abort(reason: unknown): void {
    if (this.failure) return;
    this.failure = { reason };
    this.cancel?.();
    // a paused stream would leave its connection waiting forever for the answer to the cancel
    this.stream?.resume();
  }

  async run(tx: TransactionSql): Promise<void> {
    if (this.failure) throw this.failure.reason;
    const query = tx.unsafe(`copy (${this.select}) to stdout (format binary)`);
    this.cancel = () => void query.cancel();
    const stream: Readable = await query.readable();
    this.stream = stream;
    if (this.failure) this.cancel();
    const frames = new CopyFrames();
    await new Promise<void>((resolve, reject) => {
      stream.on("data", (chunk: Buffer) => {
        if (this.failure) return;
        try {
          if (frames.read(chunk, this.sink)) return;
          stream.pause();
          this.sink.drained().then(
            () => stream.resume(),
            (error) => this.abort(error),
          );
        } catch (error) {
          this.abort(error);
        }
      });
      stream.on("error", (error) => {
        resumeSocket(stream);
        reject(this.failure ? this.failure.reason : error);
      });
      stream.on("end", () => {
        resumeSocket(stream);
        if (this.failure) reject(this.failure.reason);
        else if (!frames.complete) reject(new Error("the COPY ended before its trailer"));
        else resolve();
      });
    });
  }
}

/**
 * postgres.js 3.4 pauses the connection's socket while the stream's buffer is full, and resumes it only when the
 * stream is read on: when the COPY ends (or fails) while the buffer is full, the socket stays paused and the connection
 * never answers again, not even the transaction's commit or rollback (porsager/postgres#499, PR #1016; the failure
 * case is not fixed there). The stream's own read function is what resumes the socket.
 */
function resumeSocket(stream: Readable): void {
  (stream as Readable & { _read(size: number): void })._read(0);
}

/** COPY's binary signature (PostgreSQL "COPY", Binary Format). */
const SIGNATURE = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");
/** the signature, the flags and the header extension's length */
const HEADER_BYTES = 19;

/**
 * COPY's binary format read: a header, then per row its number of fields (int16) and per field its length (int32) and
 * bytes, then -1 as the trailer. The rows here have one field, never null. A chunk may end inside a row (the rest is
 * kept for the next one).
 */
class CopyFrames {
  complete = false;
  private rest: Buffer | null = null;
  private header = true;

  /** Hands each complete row in the chunk to the sink; false when the sink has enough. */
  read(chunk: Buffer, sink: LineSink): boolean {
    const data = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    this.rest = null;
    let at = 0;
    if (this.header) {
      if (data.length >= HEADER_BYTES && !data.subarray(0, SIGNATURE.length).equals(SIGNATURE))
        throw new Error("the COPY is not in binary format");
      const length = data.length >= HEADER_BYTES ? HEADER_BYTES + data.readInt32BE(15) : Number.POSITIVE_INFINITY;
      if (data.length < length) return this.keep(data, 0);
      this.header = false;
      at = length;
    }
    let more = true;
    while (data.length - at >= 2) {
      const fields = data.readInt16BE(at);
      if (fields === -1) {
        this.complete = true;
        return more;
      }
      if (fields !== 1) throw new Error(`a COPY row of ${fields} fields, not 1`);
      if (data.length - at < 6) break;
      const length = data.readInt32BE(at + 2);
      if (length < 0) throw new Error("a COPY row without text");
      if (data.length - at - 6 < length) break;
      if (!sink.line(data, at + 6, at + 6 + length)) more = false;
      at += 6 + length;
    }
    this.keep(data, at);
    return more;
  }

  private keep(data: Buffer, at: number): boolean {
    // a copy: the chunk's memory belongs to the connection
    if (at < data.length) this.rest = Buffer.from(data.subarray(at));
    return true;
  }
}

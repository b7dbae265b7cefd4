import type { Readable } from "node:stream";
import type { Sql } from "postgres";
import type { Database } from "@/db/client";
import type { ArchiveCopy } from "@/lib/downloads/archive";

/**
 * An archive's rows on PostgreSQL (bench/RESULTS.md "Audit-trail archive"): one `COPY (select …) TO STDOUT (FORMAT
 * binary)` of the rows' texts, streamed into the archive's formatter (lib/downloads/copy-format.ts), which writes the
 * CSV and the JSON of each row from the one read. COPY's binary format, because it frames each text by its length and
 * leaves it as it is (the text and CSV formats would escape or quote it, to be undone here). One statement reads one
 * snapshot: the rows are those of one moment even while rows are written or cleaned meanwhile.
 *
 * COPY takes no bind parameters: the query comes with its values inlined (drizzle's inlineParams).
 */

/** The postgres.js client under a Drizzle database, or null (PGlite: no COPY to a stream, ./archive-source.ts). */
export function postgresClient(db: Database): Sql | null {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === "function" && "begin" in client && "unsafe" in client ? (client as Sql) : null;
}

/** The COPY of `select` in binary format, not read while the sink has enough; a sink that fails cancels it. */
export function copyOut(client: Sql, select: string): ArchiveCopy {
  return async (sink) => {
    const query = client.unsafe(`copy (${select}) to stdout (format binary)`);
    const stream: Readable = await query.readable();
    let failure: { reason: unknown } | null = null;
    const abort = (reason: unknown) => {
      if (failure) return;
      failure = { reason };
      void query.cancel();
      // a paused stream would leave its connection waiting forever for the answer to the cancel
      stream.resume();
    };
    await new Promise<void>((resolve, reject) => {
      // each row as postgres.js pushes it (a view of its socket's buffer, nothing copied)
      stream.on("data", (chunk: Buffer) => {
        if (failure) return;
        try {
          if (sink.write(chunk)) return;
          stream.pause();
          sink.drained().then(
            () => {
              if (!failure) stream.resume();
            },
            (error) => abort(error),
          );
        } catch (error) {
          abort(error);
        }
      });
      stream.on("error", (error) => {
        resumeSocket(stream);
        reject(failure ? failure.reason : error);
      });
      stream.on("end", () => {
        resumeSocket(stream);
        if (failure) reject(failure.reason);
        else resolve();
      });
    });
  };
}

/**
 * postgres.js 3.4 pauses the connection's socket while the stream's buffer is full, and resumes it only when the
 * stream is read on: when the COPY ends (or fails) while the buffer is full, the socket stays paused and the connection
 * never answers again (porsager/postgres#499, PR #1016; the failure case is not fixed there). The stream's own read
 * function is what resumes the socket.
 */
function resumeSocket(stream: Readable): void {
  (stream as Readable & { _read(size: number): void })._read(0);
}

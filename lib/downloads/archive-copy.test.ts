import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import type { CopySink } from "./archive";
import { copyOut, postgresClient } from "./archive-copy";
import { CopyFormatter, type FormatColumn } from "./copy-format";

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A sink that keeps the COPY's output and has enough after every `every` chunks, for a moment. */
function slowSink(every: number): CopySink & { chunks: Buffer[] } {
  const chunks: Buffer[] = [];
  return {
    chunks,
    write(chunk) {
      chunks.push(Buffer.from(chunk));
      return chunks.length % every !== 0;
    },
    drained: () => new Promise((resolve) => setTimeout(resolve, 1)),
  };
}

/** The CSV and JSON texts of a COPY's output (lib/downloads/copy-format.ts), all in memory. */
function formatted(chunks: Buffer[], columns: FormatColumn[]) {
  const out = () => {
    const o = {
      buf: Buffer.alloc(1 << 24) as Uint8Array,
      pos: 0,
      room: () => true,
      text: () => Buffer.from(o.buf.subarray(0, o.pos)).toString("utf8"),
    };
    return o;
  };
  const [csv, json] = [out(), out()];
  const formatter = new CopyFormatter(columns, csv, json);
  for (const chunk of chunks) formatter.write(chunk);
  return { rows: formatter.rows, complete: formatter.complete, csv: csv.text(), json: json.text() };
}

/** A query on the pool, failing instead of hanging when a connection was left stuck. */
async function answers(): Promise<void> {
  const client = postgresClient(await getDb());
  if (!client) throw new Error("no postgres.js client");
  for (let i = 0; i < 8; i++) {
    const reply = client`select ${i}::int as i`.then((rows) => rows[0]?.i);
    const late = new Promise((resolve) => setTimeout(() => resolve("no answer within 5 s"), 5000));
    expect(await Promise.race([reply, late])).toBe(i);
  }
}

describe("archive COPY", () => {
  it("reads through COPY on PostgreSQL only (PGlite keeps the keyset)", async () => {
    expect(postgresClient(await getDb()) !== null).toBe(onPostgres);
  });

  it.skipIf(!onPostgres)(
    "streams the rows' texts, pausing whenever the sink has enough; the pool answers afterwards",
    async () => {
      const client = postgresClient(await getDb());
      if (!client) throw new Error("no postgres.js client");
      const sink = slowSink(7);
      await copyOut(
        client,
        `select i::text, 'a "quoted", line' || chr(10) || 'break ä€', case when i % 2 = 0 then 'x' end from generate_series(1, 20000) i`,
      )(sink);
      expect(sink.chunks.length).toBeGreaterThan(7);
      const got = formatted(sink.chunks, [
        { name: "i", kind: "raw" },
        { name: "text", kind: "text" },
        { name: "even", kind: "text" },
      ]);
      expect([got.rows, got.complete]).toEqual([20000, true]);
      const lines = got.csv.split("\r\n");
      expect(lines[19999]).toBe('20000,"a ""quoted"", line\nbreak ä€",x');
      expect(JSON.parse(`[${got.json}]`)[0]).toEqual({ i: 1, text: 'a "quoted", line\nbreak ä€', even: null });
      await answers();
    },
  );

  it.skipIf(!onPostgres)("a COPY that fails fails the read; the pool answers afterwards", async () => {
    const client = postgresClient(await getDb());
    if (!client) throw new Error("no postgres.js client");
    const sink = slowSink(1000);
    await expect(copyOut(client, "select (1 / (15000 - i))::text from generate_series(1, 2000000) i")(sink)).rejects.toThrow(
      "division by zero",
    );
    await answers();
  });

  it.skipIf(!onPostgres)("a sink that fails stops the COPY; the pool answers afterwards", async () => {
    const client = postgresClient(await getDb());
    if (!client) throw new Error("no postgres.js client");
    let written = 0;
    const sink: CopySink = {
      write: () => {
        written++;
        return false;
      },
      drained: () => Promise.reject(new Error("the disk is full")),
    };
    await expect(copyOut(client, "select i::text from generate_series(1, 2000000) i")(sink)).rejects.toThrow("the disk is full");
    // cancelled long before its 2 000 000 rows (some 30 MB)
    expect(written).toBeLessThan(100);
    await answers();
  });
});

import { describe, expect, it } from "vitest";
import type { LineSink } from "@/lib/downloads/archive";
import { getDb } from "@/lib/setup/bootstrap";
import { copyTexts, postgresClient } from "./archive-copy";

const onPostgres = Boolean(process.env.DATABASE_URL);

/** A sink that keeps the texts and has enough after every `every` lines, for a moment. */
function slowSink(every: number): LineSink & { texts: string[] } {
  const texts: string[] = [];
  return {
    texts,
    line(bytes, start, end) {
      texts.push(Buffer.from(bytes.subarray(start, end)).toString("utf8"));
      return texts.length % every !== 0;
    },
    drained: () => new Promise((resolve) => setTimeout(resolve, 1)),
  };
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

  it.skipIf(!onPostgres)("streams both texts, pausing whenever the sinks have enough; the pool answers afterwards", async () => {
    const client = postgresClient(await getDb());
    if (!client) throw new Error("no postgres.js client");
    const [csv, json] = [slowSink(97), slowSink(89)];
    await copyTexts(client, {
      csv: `select i || ',"a ""quoted"", line' || chr(10) || 'break"' || chr(13) || chr(10) from generate_series(1, 20000) i`,
      json: "select json_build_object('i', i, 'text', 'ä€')::text from generate_series(1, 20000) i",
    })({ csv, json });
    expect(csv.texts).toHaveLength(20000);
    expect(csv.texts[19999]).toBe('20000,"a ""quoted"", line\nbreak"\r\n');
    expect(json.texts.map((t) => JSON.parse(t).i)).toEqual(Array.from({ length: 20000 }, (_, i) => i + 1));
    expect(JSON.parse(json.texts[0] ?? "")).toEqual({ i: 1, text: "ä€" });
    await answers();
  });

  it.skipIf(!onPostgres)("a COPY that fails stops the other one and fails the read; the pool answers afterwards", async () => {
    const client = postgresClient(await getDb());
    if (!client) throw new Error("no postgres.js client");
    const [csv, json] = [slowSink(1000), slowSink(1000)];
    const read = copyTexts(client, {
      csv: "select (1 / (15000 - i))::text from generate_series(1, 2000000) i",
      json: "select i::text from generate_series(1, 2000000) i",
    })({ csv, json });
    await expect(read).rejects.toThrow("division by zero");
    // the JSON's COPY was cancelled long before its 2 000 000 rows
    expect(json.texts.length).toBeLessThan(2_000_000);
    await answers();
  });

  it.skipIf(!onPostgres)("a sink that fails stops both COPYs", async () => {
    const client = postgresClient(await getDb());
    if (!client) throw new Error("no postgres.js client");
    const json = slowSink(1000);
    const csv: LineSink = {
      line: () => false,
      drained: () => Promise.reject(new Error("the disk is full")),
    };
    await expect(
      copyTexts(client, {
        csv: "select i::text from generate_series(1, 2000000) i",
        json: "select i::text from generate_series(1, 2000000) i",
      })({ csv, json }),
    ).rejects.toThrow("the disk is full");
    expect(json.texts.length).toBeLessThan(2_000_000);
    await answers();
  });
});

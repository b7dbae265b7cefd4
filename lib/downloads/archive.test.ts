import { readdir } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { downloads } from "@/db/schema";
import { getDb } from "@/lib/db";
import { readStoredFile, resolveFile } from "@/lib/files/store";
import { type ArchiveContent, type ArchiveCopy, type ArchiveValue, writeArchive } from "./archive";
import { copyRows } from "./copy-format";
import { DOWNLOADS_DIR, DOWNLOADS_TEMP_DIR } from "./files";

/** UTF-8 as written (TextDecoder would drop the byte order mark) */
const strFromU8 = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
const files = async (dir: string) => (await readdir(resolveFile(dir)).catch(() => [])).filter((f) => f !== "tmp");

async function* batches(rows: ArchiveValue[][], size: number, failAfter?: number) {
  for (let i = 0; i < rows.length; i += size) {
    if (failAfter !== undefined && i >= failAfter) throw new Error("the database went away");
    yield rows.slice(i, i + size);
  }
}

describe("writeArchive", () => {
  it("writes each entry as CSV and JSON into one zip, then its row", async () => {
    const db = await getDb();
    const when = new Date("2026-10-03T04:05:06.789Z");
    const tricky: ArchiveValue[][] = [
      [1, "plain", when, true, null],
      [2, 'quote " and, comma', when, false, "=SUM(A1)"],
      [3, "line\nbreak\r\nÄÖÜß €", when, true, "-1.5"],
    ];
    const many = Array.from({ length: 2500 }, (_, i): ArchiveValue[] => [i, `row ${i}`]);
    const { download, rows } = await writeArchive(db, {
      type: "AuditTrail",
      systemId: null,
      displayFileName: "AuditTrail_2026-10_all.zip",
      externalId: "AuditTrail:2026-10:all",
      entries: [
        { name: "tricky", columns: ["id", "text", "at", "flag", "formula"], rows: batches(tricky, 2) },
        { name: "many", columns: ["n", "label"], rows: batches(many, 1000) },
        { name: "none", columns: ["n"], rows: [] },
      ],
    });
    expect(rows).toBe(2503);
    const [row] = await db.select().from(downloads).where(eq(downloads.id, download.id));
    expect(row).toMatchObject({
      type: 2,
      systemId: null,
      externalId: "AuditTrail:2026-10:all",
      path: `downloads/${download.id}.zip`,
    });
    const bytes = await readStoredFile(download.path);
    expect(row?.size).toBe(bytes.length);
    const zip = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(zip)).toEqual(["tricky.csv", "tricky.json", "many.csv", "many.json", "none.csv", "none.json"]);
    const csv = strFromU8(zip["tricky.csv"] as Uint8Array);
    expect(csv).toBe(
      "\uFEFFid,text,at,flag,formula\r\n" +
        "1,plain,2026-10-03T04:05:06.789Z,true,\r\n" +
        '2,"quote "" and, comma",2026-10-03T04:05:06.789Z,false,\'=SUM(A1)\r\n' +
        '3,"line\nbreak\r\nÄÖÜß €",2026-10-03T04:05:06.789Z,true,-1.5\r\n',
    );
    expect(JSON.parse(strFromU8(zip["tricky.json"] as Uint8Array))).toEqual([
      { id: 1, text: "plain", at: when.toISOString(), flag: true, formula: null },
      { id: 2, text: 'quote " and, comma', at: when.toISOString(), flag: false, formula: "=SUM(A1)" },
      { id: 3, text: "line\nbreak\r\nÄÖÜß €", at: when.toISOString(), flag: true, formula: "-1.5" },
    ]);
    const manyLines = strFromU8(zip["many.csv"] as Uint8Array).split("\r\n");
    expect(manyLines).toHaveLength(2502);
    expect(manyLines[2500]).toBe("2499,row 2499");
    expect(JSON.parse(strFromU8(zip["many.json"] as Uint8Array))).toHaveLength(2500);
    expect(strFromU8(zip["none.csv"] as Uint8Array)).toBe("\uFEFFn\r\n");
    expect(JSON.parse(strFromU8(zip["none.json"] as Uint8Array))).toEqual([]);
    expect(await files(DOWNLOADS_TEMP_DIR)).toEqual([]);
  });

  it("writes rows that come as a COPY of their texts exactly as the same rows formatted here, a row longer than a piece too", async () => {
    const db = await getDb();
    const columns = ["n", "label", "flag"];
    const rows = Array.from({ length: 3000 }, (_, i): ArchiveValue[] => [
      i,
      i === 1500 ? "ä".repeat(200_000) : i % 7 ? `row, "${i}"` : `=cmd|${i}`,
      i % 3 === 0 ? null : i % 2 === 0,
    ]);
    const texts = rows.map((row) => row.map((v) => (v === null ? null : String(v))));
    // the output in chunks that cut rows, handed on only when the sink takes more
    const copy: ArchiveCopy = async (sink) => {
      const bytes = copyRows(texts, { header: true, trailer: true });
      for (let at = 0; at < bytes.length; at += 4099) if (!sink.write(bytes.subarray(at, at + 4099))) await sink.drained();
    };
    const write = (entry: ArchiveContent | { rows: ArchiveValue[][][] }) =>
      writeArchive(db, {
        type: "AuditTrail",
        systemId: null,
        displayFileName: "x.zip",
        externalId: "AuditTrail:2026-11:all",
        entries: [{ name: "x", columns, ...entry }],
      });
    const asCopy = await write({ copy, kinds: ["raw", "text", "raw"] });
    const asRows = await write({ rows: [rows] });
    expect(asCopy.rows).toBe(3000);
    const unzip = async (path: string) => unzipSync(new Uint8Array(await readStoredFile(path)));
    const [fromCopy, fromRows] = [await unzip(asCopy.download.path), await unzip(asRows.download.path)];
    expect(Object.keys(fromCopy)).toEqual(["x.csv", "x.json"]);
    expect(strFromU8(fromCopy["x.csv"] as Uint8Array)).toBe(strFromU8(fromRows["x.csv"] as Uint8Array));
    expect(strFromU8(fromCopy["x.json"] as Uint8Array)).toBe(strFromU8(fromRows["x.json"] as Uint8Array));
    expect(JSON.parse(strFromU8(fromCopy["x.json"] as Uint8Array))[1500].label).toHaveLength(200_000);
  });

  it("keeps nothing when a COPY ends before its trailer", async () => {
    const db = await getDb();
    const before = await files(DOWNLOADS_DIR);
    const copy: ArchiveCopy = async (sink) => {
      sink.write(copyRows([["1"], ["2"]], { header: true }));
    };
    await expect(
      writeArchive(db, {
        type: "Metric",
        systemId: null,
        displayFileName: "x.zip",
        externalId: "Metric:2026-11:all",
        entries: [{ name: "x", columns: ["n"], copy, kinds: ["raw"] }],
      }),
    ).rejects.toThrow("x: the COPY ended before its trailer");
    expect(await files(DOWNLOADS_DIR)).toEqual(before);
    expect(await readdir(resolveFile(DOWNLOADS_TEMP_DIR))).toEqual([]);
  });

  it("keeps nothing when the rows fail midway or the row's transaction fails", async () => {
    const db = await getDb();
    const before = await files(DOWNLOADS_DIR);
    const rows = Array.from({ length: 50 }, (_, i): ArchiveValue[] => [i]);
    const input = (failAfter?: number) => ({
      type: "Metric" as const,
      systemId: null,
      displayFileName: "x.zip",
      externalId: "Metric:2026-10:all",
      entries: [{ name: "x", columns: ["n"], rows: batches(rows, 10, failAfter) }],
    });
    await expect(writeArchive(db, input(20))).rejects.toThrow("the database went away");
    await expect(
      writeArchive(db, input(), {
        beforeCommit: async () => {
          throw new Error("archived meanwhile");
        },
      }),
    ).rejects.toThrow("archived meanwhile");
    expect(await files(DOWNLOADS_DIR)).toEqual(before);
    expect(await readdir(resolveFile(DOWNLOADS_TEMP_DIR))).toEqual([]);
    expect(await db.select().from(downloads).where(eq(downloads.externalId, "Metric:2026-10:all"))).toEqual([]);
  });
});

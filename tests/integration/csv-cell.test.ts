import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvCell } from "@/lib/csv";
import { getDb } from "@/lib/setup/bootstrap";

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

async function sqlCell(value: string | null): Promise<string> {
  const db = await getDb();
  const [row] = rowsOf<{ cell: string }>(await db.execute(sql`select csv_cell(${value}::text) as cell`));
  return row?.cell ?? "<no row>";
}

// the archives' CSV is written by the database (drizzle/0013_csv_cell.sql, 0018), the exports' by lib/csv.ts: one format
describe("csv_cell", () => {
  it.each([
    null,
    "",
    "plain",
    "a,b",
    'say "hi"',
    "two\r\nlines",
    "=SUM(A1)",
    "+49 30 1234",
    "-1.5",
    "-1e5",
    "-x",
    "@user",
    "\tindent",
    "\rcr",
    "1,5",
    '="1,2"',
    "Müller ß 東京",
    "١٢٣",
  ])("writes %j as lib/csv.ts does", async (value) => {
    expect(await sqlCell(value)).toBe(csvCell(value));
  });

  it("agrees with lib/csv.ts on any text", async () => {
    const chars = fc.constantFrom("a", "1", ".", "e", "E", "-", "+", "=", "@", "\t", "\r", "\n", '"', ",", "'", " ", "ü");
    await fc.assert(
      fc.asyncProperty(fc.array(chars, { maxLength: 8 }), async (parts) => {
        const value = parts.join("");
        expect(await sqlCell(value)).toBe(csvCell(value));
      }),
      { numRuns: 300 },
    );
  });
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import postgres from "postgres";
import { describe, expect, it } from "vitest";

// scripts/patch-postgres.mjs (postinstall) mends postgres.js 3.4.x: a connection that loses its socket while a small
// write waits must fail its queries, never hang them, never throw in a timer (which ends the process: a worker died
// so in the PostgreSQL-restart reliability test).

const MARK = "/* docservice: nextWrite mend */";
// the package's root: its CommonJS entry is cjs/src/index.js
const driverDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve("postgres")), "..", "..");

/** Resolves to "ok" or the error's code; "hung" after `ms` (a bound on liveness, far above any normal answer). */
async function settles(query: Promise<unknown>, ms = 10_000): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("hung"), ms);
  });
  try {
    return await Promise.race([
      query.then(
        () => "ok",
        (err: { code?: string; message?: string }) => err.code ?? err.message ?? "error",
      ),
      hung,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

describe("the PostgreSQL driver after a lost connection", () => {
  it("is the mended one (postinstall ran), in both of its module builds", () => {
    for (const file of ["src/connection.js", "cjs/src/connection.js"]) {
      expect(readFileSync(path.join(driverDir, file), "utf8"), file).toContain(MARK);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "fails the queries of a connection whose server process was ended, and answers on a new one",
    async () => {
      const url = process.env.DATABASE_URL as string;
      const admin = postgres(url, { max: 1, onnotice: () => {} });
      const sql = postgres(url, { max: 2, onnotice: () => {}, backoff: () => 0.05 });
      try {
        // a reserved connection stays pinned, as a transaction's does: without the mend its second query waits forever
        // and a later write throws in setImmediate (porsager/postgres#1208)
        const reserved = await sql.reserve();
        const [{ pid }] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
        await admin`select pg_terminate_backend(${pid})`;
        const outcomes: string[] = [];
        for (let i = 0; i < 3; i++) outcomes.push(await settles(reserved`select 1`));
        expect(outcomes).not.toContain("hung");
        expect(outcomes).not.toContain("ok");
        // released, the lost connection goes back to the pool as open: the query that meets it fails (not hangs) and
        // hands it back as closed, and the pool answers again on a new one
        reserved.release();
        expect(await settles(sql`select 2 as x`)).not.toBe("hung");
        expect(await sql<{ x: number }[]>`select 2 as x`).toEqual([{ x: 2 }]);
      } finally {
        await sql.end({ timeout: 1 });
        await admin.end({ timeout: 1 });
      }
    },
  );
});

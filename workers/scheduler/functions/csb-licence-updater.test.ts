import { createServer } from "node:http";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { licences } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { getDb } from "@/lib/db";
import { addCsbLicence } from "@/lib/licences/services/add-csb-licence";
import { makeLicenceFile, TEST_LICENCE_KEYS } from "@/tests/fixtures/licence";
import { runTask, supersystemId, taskRun } from "@/tests/helpers/task-run";

async function admin(): Promise<Caller> {
  return {
    sessionId: "s",
    userId: "00000000-0000-4000-8000-000000000000",
    userName: "test",
    fullName: "",
    systemId: await supersystemId(),
    systemName: "Supersystem",
    roles: ["SuperAdmin"],
    language: "en-US",
    requiresPasswordChange: false,
  };
}

/** A cloud licence source answering the current licence file of each id it serves (by csbSystem). */
async function source() {
  const expirations = new Map<string, string>();
  const server = createServer((req, res) => {
    const id = decodeURIComponent(req.url?.split("/").pop() ?? "");
    const expiration = expirations.get(id);
    if (!expiration) {
      res.statusCode = 503;
      res.end("down");
      return;
    }
    res.end(makeLicenceFile({ id, expiration }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, expirations, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("CsbLicenceUpdater", () => {
  it("refreshes every cloud licence; a failing source does not stop the others and the run reports it", async () => {
    process.env.LICENCE_PUBLIC_KEYS = TEST_LICENCE_KEYS.publicKey;
    const db = await getDb();
    const csb = await source();
    try {
      const [good, bad] = [`CSB-A-${Date.now()}`, `CSB-B-${Date.now()}`];
      csb.expirations.set(good, "2030-01-01");
      csb.expirations.set(bad, "2030-01-01");
      for (const id of [good, bad])
        await addCsbLicence(db, {
          caller: await admin(),
          input: { csbUrl: csb.url, csbSystem: id, csbUser: "u", csbPassword: "p" },
        });

      csb.expirations.set(good, "2031-06-30");
      csb.expirations.set(bad, "2031-06-30");
      const ok = await runTask(await taskRun("CsbLicenceUpdater"));
      expect(ok?.message).toBe("2 cloud licence(s) refreshed, 0 failed");
      const [row] = await db.select().from(licences).where(eq(licences.id, good));
      expect(row?.expiration).toBe("2031-06-30");

      // one source fails: the other is still refreshed, the run ends in error with the counts
      csb.expirations.delete(bad);
      csb.expirations.set(good, "2032-12-31");
      await expect(runTask(await taskRun("CsbLicenceUpdater"))).rejects.toThrow(
        /^1 cloud licence\(s\) refreshed, 1 failed: CSB-B-/,
      );
      const [after] = await db.select().from(licences).where(eq(licences.id, good));
      expect(after?.expiration).toBe("2032-12-31");
    } finally {
      await csb.close();
    }
  });
});

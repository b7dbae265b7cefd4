import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { archivedPeriods, auditTrail, downloads } from "@/db/schema";
import { getDb } from "@/lib/db";
import { ARCHIVE_BATCH } from "@/lib/downloads/archive-source";
import { AUDIT_ARCHIVE_COLUMNS } from "@/lib/downloads/audit-trail-source";
import { readArchive } from "@/tests/helpers/archive";
import { makeSystem } from "@/tests/helpers/factories";
import { runTask, supersystemId, taskRun } from "@/tests/helpers/task-run";

type Expected = Record<(typeof AUDIT_ARCHIVE_COLUMNS)[number], string | number | null>;

const clear = async () => {
  const db = await getDb();
  await db.delete(auditTrail);
  await db.delete(downloads);
  await db.delete(archivedPeriods);
};

/** Inserts audit rows at the given times (ISO with microseconds, UTC) and answers them as the archive must hold them. */
async function audit(system: { id: string; name: string } | null, times: string[], value = '{"name":"x"}') {
  const db = await getDb();
  const out: Expected[] = [];
  for (const [i, time] of times.entries()) {
    const [row] = await db
      .insert(auditTrail)
      .values({
        timestamp: sql`${time}::timestamptz`,
        category: "Project",
        operation: i % 2 ? "Update" : "Create",
        systemId: system?.id ?? null,
        projectId: i % 2 ? null : "p-1",
        project: i % 2 ? null : 'Invoices, "Q1"',
        username: i % 3 === 2 ? "=cmd|' /C calc'!A0" : "anna",
        deputy: i % 3 === 1 ? "admin" : null,
        value,
      })
      .returning();
    if (!row) throw new Error("no row");
    out.push({
      id: row.id,
      timestamp: time.replace(/(\.\d{1,6})?Z$/, (_m, frac: string | undefined) => `${(frac ?? ".").padEnd(7, "0")}Z`),
      category: row.category,
      operation: row.operation,
      systemId: row.systemId,
      system: system?.name ?? null,
      projectId: row.projectId,
      project: row.project,
      userId: null,
      username: row.username,
      deputy: row.deputy,
      value: row.value,
    });
  }
  return out;
}

/** What lib/csv.ts makes of an expected value (null empty, a formula-like text with an apostrophe). */
const csvText = (v: string | number | null) =>
  v === null ? "" : typeof v === "string" && /^[=+\-@\t\r]/.test(v) && !/^-?\d+(\.\d+)?$/.test(v) ? `'${v}` : String(v);

async function archives(type = 2) {
  const db = await getDb();
  return db.select().from(downloads).where(eq(downloads.type, type)).orderBy(asc(downloads.externalId));
}

/** Opens a download's zip and compares its CSV and JSON with the rows, in time order. */
async function expectArchive(path: string, entry: string, rows: Expected[]) {
  const content = (await readArchive(path))[entry];
  expect(content?.header).toEqual([...AUDIT_ARCHIVE_COLUMNS]);
  const sorted = [...rows].sort((a, b) => String(a.timestamp).localeCompare(String(b.timestamp)) || Number(a.id) - Number(b.id));
  expect(content?.json).toEqual(sorted);
  expect(content?.csv).toEqual(sorted.map((r) => AUDIT_ARCHIVE_COLUMNS.map((c) => csvText(r[c]))));
}

beforeEach(clear);

describe("AuditTrailArchiver", () => {
  it("archives each complete month over all systems and per system, CSV and JSON equal to the rows; a second run writes nothing", async () => {
    const [a, b] = [await makeSystem(), await makeSystem()];
    const superId = await supersystemId();
    const aJan = await audit(
      a,
      ["2026-01-01T00:00:00Z", "2026-01-31T23:59:59.999999Z"],
      '{"text":"line\\nbreak, \\"quoted\\"","umlaut":"Größe €"}',
    );
    const bJan = await audit(b, ["2026-01-15T12:30:00.5Z"]);
    const aFeb = await audit(a, ["2026-02-01T00:00:00Z"]);
    const noneFeb = await audit(null, ["2026-02-28T23:59:59.999999Z"]);
    await audit(a, ["2026-03-01T00:00:00Z"]); // the current month: not complete
    const run = await taskRun("AuditTrailArchiver", { now: new Date("2026-03-10T08:00:00Z") });

    const outcome = await runTask(run);
    expect(outcome?.message).toBe("6 archive(s) written (10 rows)");
    const written = await archives();
    expect(written.map((d) => [d.externalId, d.systemId, d.displayFileName])).toEqual(
      [
        [`AuditTrail:2026-01:${a.id}`, a.id, `AuditTrail_2026-01_${a.name}.zip`],
        [`AuditTrail:2026-01:${b.id}`, b.id, `AuditTrail_2026-01_${b.name}.zip`],
        ["AuditTrail:2026-01:all", null, "AuditTrail_2026-01_all-systems.zip"],
        [`AuditTrail:2026-02:${a.id}`, a.id, `AuditTrail_2026-02_${a.name}.zip`],
        // rows without a system belong to the Supersystem's archive
        [`AuditTrail:2026-02:${superId}`, superId, "AuditTrail_2026-02_Supersystem.zip"],
        ["AuditTrail:2026-02:all", null, "AuditTrail_2026-02_all-systems.zip"],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const byKey = new Map(written.map((d) => [d.externalId, d.path]));
    await expectArchive(byKey.get("AuditTrail:2026-01:all") ?? "", "audit-trail-2026-01", [...aJan, ...bJan]);
    await expectArchive(byKey.get(`AuditTrail:2026-01:${a.id}`) ?? "", "audit-trail-2026-01", aJan);
    await expectArchive(byKey.get(`AuditTrail:2026-01:${b.id}`) ?? "", "audit-trail-2026-01", bJan);
    await expectArchive(byKey.get("AuditTrail:2026-02:all") ?? "", "audit-trail-2026-02", [...aFeb, ...noneFeb]);
    await expectArchive(byKey.get(`AuditTrail:2026-02:${superId}`) ?? "", "audit-trail-2026-02", noneFeb);

    const again = await runTask(run);
    // nothing new: the message says which period comes next and when (issue 23)
    const nothingNew =
      "0 archive(s) written (0 rows); nothing new to archive: the next archive covers 2026-03 (2026-03-01 to 2026-03-31) " +
      "and is written on 2026-04-01";
    expect(again?.message).toBe(nothingNew);
    expect(await archives()).toHaveLength(6);
    // a deleted download is not written again: its period stays archived
    const db = await getDb();
    await db.delete(downloads).where(eq(downloads.externalId, "AuditTrail:2026-01:all"));
    expect((await runTask(run))?.message).toBe(nothingNew);
  });

  it("a new installation's run says no period is complete yet, which the first archive covers and when it is written", async () => {
    const a = await makeSystem();
    await audit(a, ["2026-07-02T08:00:00Z", "2026-07-20T08:00:00Z"]); // the current month only
    const run = await taskRun("AuditTrailArchiver", {
      systemId: a.id,
      now: new Date("2026-07-21T00:00:00Z"),
      configuration: { packageBy: "Month", storeAll: true, storeBySystem: false },
    });
    expect((await runTask(run))?.message).toBe(
      "0 archive(s) written (0 rows); no complete month yet: the first archive covers 2026-07 (2026-07-01 to 2026-07-31) " +
        "and is written on 2026-08-01",
    );
    // by week: 2026-07-20 is a Monday, week 30 runs to Sunday the 26th
    const b = await makeSystem();
    await audit(b, ["2026-07-20T09:00:00Z"]);
    const weekly = await taskRun("AuditTrailArchiver", {
      systemId: b.id,
      now: new Date("2026-07-21T00:00:00Z"),
      configuration: { packageBy: "Week", storeAll: true, storeBySystem: false },
    });
    expect((await runTask(weekly))?.message).toBe(
      "0 archive(s) written (0 rows); no complete week yet: the first archive covers 2026-W30 (2026-07-20 to 2026-07-26) " +
        "and is written on 2026-07-27",
    );
    expect(await archives()).toHaveLength(0);
  });

  it("packages by ISO week (Monday 00:00 UTC), storeAll alone", async () => {
    const a = await makeSystem();
    // Sunday 2026-11-01 ends week 44, Monday 2026-11-02 starts week 45; week 46 is current on 2026-11-12
    const w44 = await audit(a, ["2026-10-26T00:00:00Z", "2026-11-01T23:59:59.999999Z"]);
    const w45 = await audit(a, ["2026-11-02T00:00:00Z", "2026-11-08T23:00:00Z"]);
    await audit(a, ["2026-11-09T00:00:00Z"]);
    const run = await taskRun("AuditTrailArchiver", {
      now: new Date("2026-11-12T00:00:00Z"),
      configuration: { packageBy: "Week", storeAll: true, storeBySystem: false },
    });
    expect((await runTask(run))?.message).toBe("2 archive(s) written (4 rows)");
    const written = await archives();
    expect(written.map((d) => [d.externalId, d.systemId])).toEqual([
      ["AuditTrail:2026-W44:all", null],
      ["AuditTrail:2026-W45:all", null],
    ]);
    await expectArchive(written[0]?.path ?? "", "audit-trail-2026-W44", w44);
    await expectArchive(written[1]?.path ?? "", "audit-trail-2026-W45", w45);

    // from weeks to months: the month goes on where the last week ended, nothing twice
    const monthly = await taskRun("AuditTrailArchiver", {
      taskId: run.task.id,
      now: new Date("2026-12-05T00:00:00Z"),
      configuration: { packageBy: "Month", storeAll: true, storeBySystem: false },
    });
    expect((await runTask(monthly))?.message).toBe("1 archive(s) written (1 rows)");
    const november = (await archives()).find((d) => d.externalId === "AuditTrail:2026-11:all");
    expect((await readArchive(november?.path ?? ""))["audit-trail-2026-11"]?.json.map((r) => r.timestamp)).toEqual([
      "2026-11-09T00:00:00.000000Z",
    ]);
  });

  it("reads a period in keyset batches: rows of one instant beyond a batch each once", async () => {
    const a = await makeSystem();
    const db = await getDb();
    const count = ARCHIVE_BATCH * 2 + 3;
    await db.execute(sql`insert into audit_trail (timestamp, category, operation, system_id, username, value)
      select '2026-05-05T05:05:05.123456Z'::timestamptz, 'User', 'Update', ${a.id}, 'u' || i, '{"i":' || i || '}'
      from generate_series(1, ${count}) i`);
    const run = await taskRun("AuditTrailArchiver", {
      now: new Date("2026-06-01T00:00:00Z"),
      configuration: { storeAll: true, storeBySystem: false },
    });
    expect((await runTask(run))?.message).toBe(`1 archive(s) written (${count} rows)`);
    const [archive] = await archives();
    const json = (await readArchive(archive?.path ?? ""))["audit-trail-2026-05"]?.json ?? [];
    const ids = json.map((r) => Number(r.id));
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    "on PGlite (no autovacuum) a run gives the planner statistics: a keyset batch reads along the time index",
    async () => {
      const a = await makeSystem();
      const db = await getDb();
      await db.execute(sql`insert into audit_trail (timestamp, category, operation, system_id, username, value)
        select '2026-05-01T00:00:00Z'::timestamptz + i * interval '1 second', 'User', 'Update', ${a.id}, 'u', '{}'
        from generate_series(1, 5000) i`);
      const batchPlan = async () => {
        const result = await db.execute(sql`explain select id from audit_trail
          where timestamp >= '2026-05-01T00:30:00Z' and (timestamp, id) > ('2026-05-01T00:30:00Z'::timestamptz, 0)
            and timestamp < '2026-06-01T00:00:00Z'
          order by timestamp, id limit ${ARCHIVE_BATCH}`);
        return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => r["QUERY PLAN"]).join("\n");
      };
      // as a fresh installation has it (earlier tests' runs analysed the table): without statistics each batch sorts
      // the rest of the period
      await db.execute(sql`delete from pg_statistic where starelid = 'audit_trail'::regclass`);
      await db.execute(sql`update pg_class set reltuples = -1 where oid = 'audit_trail'::regclass`);
      expect(await batchPlan()).toContain("Sort");
      const run = await taskRun("AuditTrailArchiver", {
        now: new Date("2026-06-01T00:00:00Z"),
        configuration: { storeAll: true, storeBySystem: false },
      });
      expect((await runTask(run))?.message).toBe("1 archive(s) written (5000 rows)");
      const after = await batchPlan();
      expect(after).toMatch(/Index (Only )?Scan using audit_trail_time_idx/);
      expect(after).not.toContain("Sort");
    },
  );

  it("a system's task archives only its system; the global per-system pass does not archive that period again", async () => {
    const [a, b] = [await makeSystem(), await makeSystem()];
    const aRows = await audit(a, ["2026-01-10T00:00:00Z", "2026-01-11T00:00:00Z"]);
    await audit(b, ["2026-01-12T00:00:00Z"]);
    const own = await taskRun("AuditTrailArchiver", { systemId: a.id, now: new Date("2026-02-02T00:00:00Z") });
    expect((await runTask(own))?.message).toBe("1 archive(s) written (2 rows)");
    const [archive] = await archives();
    expect(archive).toMatchObject({ systemId: a.id, externalId: `AuditTrail:2026-01:${a.id}` });
    await expectArchive(archive?.path ?? "", "audit-trail-2026-01", aRows);

    const global = await taskRun("AuditTrailArchiver", {
      now: new Date("2026-02-02T00:00:00Z"),
      configuration: { storeAll: false, storeBySystem: true },
    });
    expect((await runTask(global))?.message).toBe("1 archive(s) written (1 rows), 1 period(s) archived before");
    expect((await archives()).map((d) => d.systemId).sort()).toEqual([a.id, b.id].sort());
  });

  it("clean deletes only archived row(s) older than cleanAfterDays, and the trail records it", async () => {
    const [a, b] = [await makeSystem(), await makeSystem()];
    const db = await getDb();
    await audit(a, ["2026-01-10T00:00:00Z", "2026-02-20T00:00:00Z", "2026-03-01T00:00:00Z", "2026-03-20T00:00:00Z"]);
    await audit(a, ["2026-04-02T00:00:00Z"]); // current month
    await audit(b, ["2026-01-10T00:00:00Z"]); // another system: not archived by a's task
    const run = await taskRun("AuditTrailArchiver", {
      systemId: a.id,
      now: new Date("2026-04-10T00:00:00Z"),
      configuration: { clean: true, cleanAfterDays: 31 },
    });
    // cut-off 2026-03-10: January, February and the first March row go; the archives keep them
    expect((await runTask(run))?.message).toBe("3 archive(s) written (4 rows), 3 archived row(s) older than 31 days deleted");
    const left = await db
      .select({
        systemId: auditTrail.systemId,
        at: sql<string>`to_char(${auditTrail.timestamp} at time zone 'UTC', 'YYYY-MM-DD')`,
      })
      .from(auditTrail)
      .where(sql`${auditTrail.category} = 'Project'`)
      .orderBy(asc(auditTrail.timestamp));
    expect(left).toEqual([
      { systemId: b.id, at: "2026-01-10" },
      { systemId: a.id, at: "2026-03-20" },
      { systemId: a.id, at: "2026-04-02" },
    ]);
    const recorded = await db.select().from(auditTrail).where(eq(auditTrail.category, "SchedulerTask"));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ operation: "Delete", systemId: a.id, username: "system" });
    expect(JSON.parse(recorded[0]?.value ?? "{}")).toMatchObject({ function: "AuditTrailArchiver", deletedArchivedRows: 3 });
    const january = (await archives()).find((d) => d.externalId === `AuditTrail:2026-01:${a.id}`);
    expect((await readArchive(january?.path ?? ""))["audit-trail-2026-01"]?.json).toHaveLength(1);
  });
});

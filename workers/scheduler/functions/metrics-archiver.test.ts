import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { downloads, jobMetrics } from "@/db/schema";
import { getDb } from "@/lib/db";
import { METRICS_ARCHIVE_COLUMNS } from "@/lib/downloads/metrics-source";
import { readArchive } from "@/tests/helpers/archive";
import { makeJob, makeSystem } from "@/tests/helpers/factories";
import { runTask, taskRun } from "@/tests/helpers/task-run";

/** One processed job with its figures, finished at `finished` (ISO, UTC); answered as the archive holds it. */
async function metric(system: { id: string; name: string }, finished: string, n: number) {
  const db = await getDb();
  const job = await makeJob({
    systemId: system.id,
    state: "Ready",
    projectName: "Invoices",
    client: n % 2 ? "ERP, north" : "=HYPERLINK()",
    clientInfo: `batch ${n}`,
  });
  await db.insert(jobMetrics).values({
    jobId: job.id,
    systemId: system.id,
    projectId: null,
    documents: n,
    pages: n * 2,
    bytesIn: n * 1000,
    bytesOut: n * 100,
    ocrDocuments: 1,
    ocrPages: 2,
    einvoices: n,
    einvoicesCii: n,
    einvoicesWarned: 1,
    einvoicesXrechnung: n,
    durationMs: 1234 + n,
    success: n % 3 !== 0,
    finished: sql`${finished}::timestamptz` as unknown as Date,
  });
  return {
    jobId: job.id,
    finished: finished.replace(/Z$/, "000Z"),
    systemId: system.id,
    system: system.name,
    projectId: null,
    project: "Invoices",
    client: job.client,
    clientInfo: job.clientInfo,
    created: job.created.toISOString(),
    success: n % 3 !== 0,
    documents: n,
    pages: n * 2,
    ocrDocuments: 1,
    ocrPages: 2,
    // issue 25: the job's e-invoices, by syntax and profile
    einvoices: n,
    einvoicesCii: n,
    einvoicesUbl: 0,
    einvoicesWarned: 1,
    einvoicesMinimum: 0,
    einvoicesBasicWl: 0,
    einvoicesBasic: 0,
    einvoicesEn16931: 0,
    einvoicesExtended: 0,
    einvoicesXrechnung: n,
    bytesIn: n * 1000,
    bytesOut: n * 100,
    processingTime: (1234 + n) / 1000,
  };
}

async function metricArchives() {
  const db = await getDb();
  return db.select().from(downloads).where(eq(downloads.type, 1)).orderBy(asc(downloads.externalId));
}

describe("MetricsArchiver", () => {
  it("archives the job figures by month, over all systems and per system, CSV and JSON equal to the rows", async () => {
    const [a, b] = [await makeSystem(), await makeSystem()];
    const a1 = await metric(a, "2025-07-03T10:00:00.123Z", 1);
    const b1 = await metric(b, "2025-07-31T23:59:59.999Z", 2);
    const a2 = await metric(a, "2025-08-01T00:00:00.000Z", 3);
    await metric(a, "2025-09-02T00:00:00.000Z", 4); // current month
    const run = await taskRun("MetricsArchiver", { now: new Date("2025-09-05T00:00:00Z") });
    expect((await runTask(run))?.message).toBe("5 archive(s) written (6 rows)");
    const written = await metricArchives();
    expect(written.map((d) => d.externalId)).toEqual(
      [
        `Metric:2025-07:${a.id}`,
        `Metric:2025-07:${b.id}`,
        "Metric:2025-07:all",
        `Metric:2025-08:${a.id}`,
        "Metric:2025-08:all",
      ].sort(),
    );
    expect(written.find((d) => d.externalId === "Metric:2025-07:all")?.displayFileName).toBe("Metrics_2025-07_all-systems.zip");
    const all = await readArchive(written.find((d) => d.externalId === "Metric:2025-07:all")?.path ?? "");
    const entry = all["metrics-2025-07"];
    expect(entry?.header).toEqual([...METRICS_ARCHIVE_COLUMNS]);
    expect(entry?.json).toEqual([a1, b1]);
    expect(entry?.csv).toEqual(
      [a1, b1].map((r) =>
        METRICS_ARCHIVE_COLUMNS.map((c) => {
          const v = r[c as keyof typeof r];
          if (v === null) return "";
          return typeof v === "string" && v.startsWith("=") ? `'${v}` : String(v);
        }),
      ),
    );
    const august = await readArchive(written.find((d) => d.externalId === `Metric:2025-08:${a.id}`)?.path ?? "");
    expect(august["metrics-2025-08"]?.json).toEqual([a2]);
    expect((await runTask(run))?.message).toBe(
      "0 archive(s) written (0 rows); nothing new to archive: the next archive covers 2025-09 (2025-09-01 to 2025-09-30) " +
        "and is written on 2025-10-01",
    );
  });

  it("a system's task archives its own figures by week and cleans only those it archived", async () => {
    const [a, b] = [await makeSystem(), await makeSystem()];
    const db = await getDb();
    await metric(a, "2025-03-03T00:00:00.000Z", 1); // W10
    await metric(a, "2025-03-12T00:00:00.000Z", 2); // W11
    await metric(b, "2025-03-04T00:00:00.000Z", 3); // another system
    await metric(a, "2025-03-19T00:00:00.000Z", 4); // W12, current
    const run = await taskRun("MetricsArchiver", {
      systemId: a.id,
      now: new Date("2025-03-20T00:00:00Z"),
      configuration: { packageBy: "Week", clean: true, cleanAfterDays: 10 },
    });
    expect((await runTask(run))?.message).toBe("2 archive(s) written (2 rows), 1 archived row(s) older than 10 days deleted");
    expect((await metricArchives()).filter((d) => d.systemId === a.id).map((d) => d.externalId)).toEqual([
      `Metric:2025-W10:${a.id}`,
      `Metric:2025-W11:${a.id}`,
    ]);
    const left = await db
      .select({ systemId: jobMetrics.systemId, documents: jobMetrics.documents })
      .from(jobMetrics)
      .where(sql`${jobMetrics.systemId} in (${a.id}, ${b.id})`)
      .orderBy(asc(jobMetrics.documents));
    expect(left).toEqual([
      { systemId: a.id, documents: 2 },
      { systemId: b.id, documents: 3 },
      { systemId: a.id, documents: 4 },
    ]);
  });
});

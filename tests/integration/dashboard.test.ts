import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, licenceChildren, licenceUsage } from "@/db/schema";
import { countersBySystem, outcomesByProject, outcomesBySystem, sumOutcomes } from "@/lib/dashboard/jobs";
import { allLicenceFigures, licencesNeedingAttention, systemLicenceFigures } from "@/lib/dashboard/licences";
import { NO_OUTCOMES } from "@/lib/dashboard/outcomes";
import { queueBySystem, systemQueue, totalQueue } from "@/lib/dashboard/queue";
import { dashboardRanges } from "@/lib/dashboard/ranges";
import { getDb } from "@/lib/db";
import { makeJob, makeLicence, makeProject, makeSystem } from "../helpers/factories";

const JOB_STATES_ALL = ["New", "Waiting", "Assigned", "Processing", "Ready", "Error", "Removed", "Undefined"] as const;
const DAY_MS = 86_400_000;
const dayFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** A tenant with jobs in every state: 3 waiting (the oldest `oldest`), 1 assigned, 2 processing, one of each other. */
async function tenantWithJobsInEveryState(oldest: Date) {
  const system = await makeSystem();
  for (const state of JOB_STATES_ALL) await makeJob({ systemId: system.id, state });
  await makeJob({ systemId: system.id, state: "Waiting", created: oldest });
  await makeJob({ systemId: system.id, state: "Waiting", created: new Date(oldest.getTime() + 60_000) });
  await makeJob({ systemId: system.id, state: "Processing" });
  return system;
}

describe("the queue figures", () => {
  it("count a tenant's waiting and in-work jobs and find its oldest waiting one; another tenant's never count", async () => {
    const oldestA = new Date(Date.now() - 3_600_000);
    const oldestB = new Date(Date.now() - 7_200_000);
    const a = await tenantWithJobsInEveryState(oldestA);
    const b = await tenantWithJobsInEveryState(oldestB);
    await makeJob({ systemId: b.id, state: "Waiting" });
    const empty = await makeSystem();
    const db = await getDb();

    expect(await systemQueue(db, { systemId: a.id })).toEqual({ waiting: 3, processing: 3, oldestWaiting: oldestA });
    expect(await systemQueue(db, { systemId: b.id })).toEqual({ waiting: 4, processing: 3, oldestWaiting: oldestB });
    expect(await systemQueue(db, { systemId: empty.id })).toEqual({ waiting: 0, processing: 0, oldestWaiting: null });

    const bySystem = await queueBySystem(db);
    const rowOf = (id: string) => bySystem.find((q) => q.systemId === id);
    expect(rowOf(a.id)).toMatchObject({ systemName: a.name, waiting: 3, assigned: 1, processing: 3, oldestWaiting: oldestA });
    expect(rowOf(b.id)).toMatchObject({ waiting: 4, assigned: 1, processing: 3, oldestWaiting: oldestB });
    expect(rowOf(empty.id)).toMatchObject({ waiting: 0, processing: 0, oldestWaiting: null });
    // the Supersystem is no tenant: not a row
    expect(bySystem.every((q) => q.systemName !== "Supersystem")).toBe(true);
    const total = totalQueue(bySystem);
    expect(total.oldestWaiting?.getTime()).toBeLessThanOrEqual(oldestB.getTime());
    expect(total.waiting).toBe(bySystem.reduce((n, q) => n + q.waiting, 0));
    expect(total.waiting).toBeGreaterThanOrEqual(7);
  });
});

describe("the licence figures", () => {
  it("days and amounts left, alerts by the licence's own thresholds, the most severe first", async () => {
    const db = await getDb();
    const now = new Date();
    const soon = await makeLicence({
      name: "A soon",
      expiration: dayFrom(now, 10),
      features: [{ id: "Pages", status: "Limited", limit: 200, expiration: null }],
    });
    const spent = await makeLicence({
      name: "B spent",
      expiration: dayFrom(now, 400),
      features: [
        { id: "Pages", status: "LimitedMonth", limit: 100, expiration: null },
        { id: "Jobs", status: "Unlimited", limit: null, expiration: null },
      ],
    });
    const fine = await makeLicence({ name: "C fine", expiration: dayFrom(now, 400) });
    const gone = await makeLicence({ name: "D gone", expiration: dayFrom(now, -1) });
    if (!soon || !spent || !fine || !gone) throw new Error("no licence");
    await db.insert(licenceUsage).values([
      { licenceId: soon.id, featureId: "Pages", period: "all", count: 20 },
      { licenceId: spent.id, featureId: "Pages", period: now.toISOString().slice(0, 7), count: 96 },
      { licenceId: fine.id, featureId: "Pages", period: "all", count: 10 },
    ]);

    const all = await allLicenceFigures(db, { now });
    const of = (id: string) => all.find((l) => l.id === id);
    expect(of(soon.id)).toMatchObject({
      daysLeft: 10,
      level: "warning",
      features: [{ id: "Pages", limit: 200, usage: 20, left: 180, percentUsed: 10 }],
    });
    expect(of(spent.id)).toMatchObject({
      level: "critical",
      features: [{ id: "Pages", limit: 100, usage: 96, left: 4, percentUsed: 96 }],
    });
    expect(of(fine.id)).toMatchObject({ level: null, features: [{ id: "Pages", left: 990 }] });
    expect(of(gone.id)).toMatchObject({ daysLeft: -1, level: "expired" });

    const attention = licencesNeedingAttention(all).map((l) => l.id);
    expect(attention).not.toContain(fine.id);
    expect(attention.indexOf(gone.id)).toBeLessThan(attention.indexOf(spent.id));
    expect(attention.indexOf(spent.id)).toBeLessThan(attention.indexOf(soon.id));
  });

  it("a system sees its own licence and those serving it, never another system's", async () => {
    const db = await getDb();
    const now = new Date();
    const primary = await makeLicence({ name: "Primary", expiration: dayFrom(now, 5) });
    const fallback = await makeLicence({ name: "Fallback", expiration: dayFrom(now, 300) });
    const virtual = await makeLicence({ name: "Virtual", isVirtual: true, source: "virtual", expiration: null, features: [] });
    const foreign = await makeLicence({ name: "Foreign", expiration: dayFrom(now, 3) });
    if (!primary || !fallback || !virtual || !foreign) throw new Error("no licence");
    await db.insert(licenceChildren).values([
      { parentId: virtual.id, childId: primary.id, position: 0 },
      { parentId: virtual.id, childId: fallback.id, position: 1 },
    ]);
    const mine = await makeSystem({ licenceId: virtual.id });
    const other = await makeSystem({ licenceId: foreign.id });
    const none = await makeSystem();

    const figures = await systemLicenceFigures(db, { systemId: mine.id, now });
    expect(figures.map((l) => l.name)).toEqual(["Virtual", "Primary", "Fallback"]);
    expect(figures[0]).toMatchObject({ isVirtual: true, daysLeft: null, level: null });
    expect(figures[1]).toMatchObject({ daysLeft: 5, level: "critical" });
    expect((await systemLicenceFigures(db, { systemId: other.id, now })).map((l) => l.id)).toEqual([foreign.id]);
    expect(await systemLicenceFigures(db, { systemId: none.id, now })).toEqual([]);
  });
});

describe("jobs by outcome, from the statistics counters", () => {
  it("today and the last 7 days per project and per system; other days and other tenants never count", async () => {
    const db = await getDb();
    const now = new Date();
    const ranges = dashboardRanges(now);
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const a = await makeSystem();
    const b = await makeSystem();
    const { project: invoices } = await makeProject({ systemId: a.id, name: "Invoices" });
    const { project: letters } = await makeProject({ systemId: a.id, name: "Letters" });
    const { project: quiet } = await makeProject({ systemId: a.id, name: "Quiet" });
    const job = (
      systemId: string,
      state: (typeof JOB_STATES_ALL)[number],
      created: Date,
      project?: { id: string; name: string },
    ) => makeJob({ systemId, state, created, projectId: project?.id, projectName: project?.name ?? "" });
    // today: Invoices every state; 3 days ago: Letters two Ready, one Error; 9 days ago: outside the week
    for (const state of JOB_STATES_ALL) await job(a.id, state, now, invoices);
    await job(a.id, "Ready", daysAgo(3), letters);
    await job(a.id, "Ready", daysAgo(3), letters);
    await job(a.id, "Error", daysAgo(3), letters);
    await job(a.id, "Ready", daysAgo(9), letters);
    await job(a.id, "Waiting", daysAgo(2));
    // the other tenant: the same day, never in A's figures
    for (let i = 0; i < 5; i++) await job(b.id, "Ready", now);

    const rows = await outcomesByProject(db, { systemId: a.id, ranges });
    expect(rows.map((r) => r.name)).toEqual(["Invoices", "Letters", "Quiet", ""]);
    const [inv, let_, q, none] = rows;
    // New, Waiting, Assigned and Undefined have not started; Removed counts as created only (it never finished)
    expect(inv).toMatchObject({
      id: invoices.id,
      today: { created: 8, successful: 1, failed: 1, notStarted: 4 },
      week: { created: 8, successful: 1, failed: 1, notStarted: 4 },
    });
    expect(let_).toMatchObject({ today: NO_OUTCOMES, week: { created: 3, successful: 2, failed: 1, notStarted: 0 } });
    expect(q).toMatchObject({ id: quiet.id, today: NO_OUTCOMES, week: NO_OUTCOMES });
    expect(none).toMatchObject({ id: "", week: { created: 1, notStarted: 1 } });
    expect(sumOutcomes(rows).week).toEqual({ created: 12, successful: 3, failed: 2, notStarted: 5 });

    const bySystem = await outcomesBySystem(db, { ranges });
    expect(bySystem.find((r) => r.id === a.id)).toMatchObject({ name: a.name, week: { created: 12, successful: 3, failed: 2 } });
    expect(bySystem.find((r) => r.id === b.id)).toMatchObject({ today: { created: 5, successful: 5 }, week: { created: 5 } });
    expect((await outcomesByProject(db, { systemId: b.id, ranges })).map((r) => r.name)).toEqual([""]);
    // the Supersystem, without jobs, is no row of the admin dashboard
    expect(bySystem.some((r) => r.name === "Supersystem")).toBe(false);

    // a restarted job leaves Ready: the figures follow the job's state at once
    const [ready] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.systemId, b.id), eq(jobs.state, "Ready")))
      .limit(1);
    await db
      .update(jobs)
      .set({ state: "Waiting", restarts: 1 })
      .where(eq(jobs.id, ready?.id ?? 0));
    expect((await outcomesBySystem(db, { ranges })).find((r) => r.id === b.id)?.today).toEqual({
      created: 5,
      successful: 4,
      failed: 0,
      notStarted: 1,
    });

    const counters = await countersBySystem(db);
    expect(counters.find((c) => c.systemName === a.name)).toMatchObject({ created: 13, successful: 4, failed: 2 });
  });
});

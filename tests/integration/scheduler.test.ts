import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getScheduler } from "@/app/api/scheduler/[systemId]/route";
import { PUT as putScheduler } from "@/app/api/scheduler/route";
import { DELETE as deleteTaskRoute, GET as getTask } from "@/app/api/scheduler/tasks/[taskId]/route";
import { GET as getRuns } from "@/app/api/scheduler/tasks/[taskId]/runs/route";
import { GET as getFunctions } from "@/app/api/scheduler/tasks/functions/route";
import { GET as listTasksRoute, POST as postTask, PUT as putTask } from "@/app/api/scheduler/tasks/route";
import { auditTrail, schedulerTaskRuns, schedulerTasks } from "@/db/schema";
import { getDb } from "@/lib/db";
import type { TaskFunctionName } from "@/lib/scheduler/functions";
import { ensureInternalTasks } from "@/lib/scheduler/internal-tasks";
import { serverTimeZone } from "@/lib/scheduler/next-run";
import { forceTask } from "@/lib/scheduler/services/force-task";
import { startEmbeddedScheduler, stopEmbeddedScheduler } from "@/workers/scheduler/embedded";
import { claimDueTasks, runEvent, type TaskRegistry, tick } from "@/workers/scheduler/engine";
import type { TaskFunction } from "@/workers/scheduler/functions/types";
import { type ErrorItem, supersystem, tokenOf } from "../helpers/api";
import { makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

async function setup(roles: string[] = ["Administrator"]) {
  const system = await makeSystem();
  const user = await makeUser({ systemId: system.id, roles: roles as never });
  return { system, user, token: await tokenOf(system.name, user.name) };
}
const codes = (json: { errors: ErrorItem[] }) => json.errors.map((e) => `${e.code}@${e.messageParameter?.field ?? ""}`);
const weekly = (systemId: string) => ({
  systemId,
  name: "Weekly priorities",
  function: "IncreaseJobPriority",
  weeklyIsActive: true,
  weeklyDateTime: "06:30",
  weeklyMonday: true,
  configuration: '{"increaseAfterHours":6}',
});

/** A registry of test functions for the engine (its injectable TASK_FUNCTION_IMPLS). */
const registry = (entries: [TaskFunctionName, TaskFunction][]): TaskRegistry => Object.fromEntries(entries);

async function superAdmin(superSystem: { id: string; name: string }) {
  const user = await makeUser({ systemId: superSystem.id, roles: ["SuperAdmin"] });
  return tokenOf(superSystem.name, user.name);
}

describe("scheduler API", () => {
  it("creates, reads, updates, forces and deletes a task of a system; audit rows for each", async () => {
    const db = await getDb();
    const { system, token } = await setup();
    const created = await call(postTask, "/api/scheduler/tasks", { method: "POST", token, body: weekly(system.id) });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    expect(created.json).toMatchObject({ name: "Weekly priorities", weeklyMonday: true, needsSchedule: true, isInternal: false });
    expect(created.json.nextDateTime).not.toBeNull();
    expect(JSON.parse(created.json.configuration)).toEqual({ increaseAfterHours: 6 });
    const id = created.json.id as string;

    const read = await call(getScheduler, `/api/scheduler/${system.id}`, { token });
    // the zone its daily and weekly times count in, which the pages name (issue 23)
    expect(read.json).toMatchObject({ systemId: system.id, checkInterval: expect.any(Number), timeZone: serverTimeZone() });
    expect(read.json.tasks.map((t: { id: string }) => t.id)).toEqual([id]);
    expect((await call(listTasksRoute, "/api/scheduler/tasks", { token })).json).toHaveLength(1);

    // a changed function without a configuration: the new function's defaults
    const updated = await call(putTask, "/api/scheduler/tasks", {
      method: "PUT",
      token,
      body: { ...weekly(system.id), id, function: "LicenceAlertsNotifier", configuration: undefined, disabled: true },
    });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    expect(JSON.parse(updated.json.configuration)).toEqual({ notifyViaEventLog: false, notifyViaEmail: false });
    expect(updated.json.disabled).toBe(true);

    const funcs = await call(getFunctions, `/api/scheduler/tasks/functions?systemId=${system.id}`, { token });
    const names = funcs.json.map((f: { name: string }) => f.name);
    expect(names).toContain("IncreaseJobPriority");
    expect(names).toContain("CleanUpLearnJobs");
    expect(names).not.toContain("LoginMaintenance");
    expect(names).not.toContain("BreakOldClusterLocks");
    expect(funcs.json.every((f: { isSystemSpecificSupported: boolean }) => f.isSystemSpecificSupported)).toBe(true);

    // a system scheduler may not use a global function
    const global = await call(postTask, "/api/scheduler/tasks", {
      method: "POST",
      token,
      body: { ...weekly(system.id), name: "x", function: "LoginMaintenance" },
    });
    expect([global.status, global.json.errors[0].code]).toEqual([400, "scheduler_error_functionNotAllowed"]);

    const dup = await call(postTask, "/api/scheduler/tasks", { method: "POST", token, body: weekly(system.id) });
    expect([dup.status, dup.json.errors[0].code]).toEqual([409, "scheduler_error_nameExists"]);

    const del = await call(deleteTaskRoute, `/api/scheduler/tasks/${id}`, { method: "DELETE", token });
    expect(del.status).toBe(204);
    expect((await call(getTask, `/api/scheduler/tasks/${id}`, { token })).status).toBe(404);
    const audit = await db
      .select()
      .from(auditTrail)
      .where(and(eq(auditTrail.systemId, system.id), eq(auditTrail.category, "SchedulerTask")));
    expect(audit.map((a) => a.operation).sort()).toEqual(["Create", "Delete", "Update"]);
  });

  it("takes DownloadCleaner's downloadType by spec §3 number or name and a CleanUpLearnJobs limit without days; stores names and days", async () => {
    const { system, token } = await setup();
    const task = (name: string, fn: TaskFunctionName, configuration: object) =>
      call(postTask, "/api/scheduler/tasks", {
        method: "POST",
        token,
        body: { ...weekly(system.id), name, function: fn, configuration: JSON.stringify(configuration) },
      });
    const stored: Record<string, unknown>[] = [];
    // each number and its name of spec §3 (0 Unknown: every type, stored "All"), and the form's "All"
    const sent = [0, 1, 2, 3, "Unknown", "Metric", "AuditTrail", "MetricAggregate", "All"];
    for (const [n, downloadType] of sent.entries()) {
      const res = await task(`Cleaner ${n}`, "DownloadCleaner", { downloadType, cleanAfterCountOfDays: 30 });
      expect(res.status, res.text).toBe(200);
      stored.push(JSON.parse(res.json.configuration));
    }
    expect(stored.map((c) => c.downloadType)).toEqual([
      "All",
      "Metric",
      "AuditTrail",
      "MetricAggregate",
      "All",
      "Metric",
      "AuditTrail",
      "MetricAggregate",
      "All",
    ]);
    for (const downloadType of [4, -1, 1.5, "2", "Everything"]) {
      const bad = await task("Cleaner x", "DownloadCleaner", { downloadType });
      expect([bad.status, codes(bad.json)], String(downloadType)).toEqual([400, ["InvalidChoice@configuration.downloadType"]]);
    }

    const limits = await task("Learn jobs", "CleanUpLearnJobs", {
      limitDeleted: "00:00:00",
      limitError: "12:30:00",
      limitOther: "3.00:00:00",
    });
    expect(limits.status, limits.text).toBe(200);
    expect(JSON.parse(limits.json.configuration)).toEqual({
      limitDeleted: "0.00:00:00",
      limitError: "0.12:30:00",
      limitOther: "3.00:00:00",
    });
    for (const limitError of ["24:00:00", "1.2:00:00", "12:00", ".12:00:00"]) {
      const bad = await task("Learn jobs x", "CleanUpLearnJobs", { limitError });
      expect([bad.status, codes(bad.json)], limitError).toEqual([
        400,
        ["scheduler_error_invalidDuration@configuration.limitError"],
      ]);
    }
  });

  it("reports every rule of spec §5 at once, each on its field", async () => {
    const { system, token } = await setup();
    const res = await call(postTask, "/api/scheduler/tasks", {
      method: "POST",
      token,
      body: {
        systemId: system.id,
        name: "",
        function: "",
        weeklyIsActive: true,
        dailyIsActive: true,
        continuouslyIsActive: true,
      },
    });
    expect(res.status).toBe(400);
    expect(codes(res.json).sort()).toEqual(
      [
        "scheduler_error_name_empty@name",
        "scheduler_error_function_empty@function",
        "scheduler_error_dailyTime_empty@dailyDateTime",
        "scheduler_error_weeklyTime_empty@weeklyDateTime",
        "scheduler_error_noWeekdays@weeklyMonday",
        "scheduler_error_invalidMinutes@continuouslyMinutes",
      ].sort(),
    );
    const none = await call(postTask, "/api/scheduler/tasks", {
      method: "POST",
      token,
      body: { systemId: system.id, name: "x", function: "IncreaseJobPriority" },
    });
    expect(codes(none.json)).toEqual(["scheduler_error_noConditions@onStart"]);
  });

  it("refuses: 403 without the permission in the own system, 404 in a foreign one; the global scheduler is the admin's", async () => {
    const a = await setup();
    const b = await setup();
    const weak = await setup(["JobManager"]);
    expect((await call(getScheduler, `/api/scheduler/${weak.system.id}`, { token: weak.token })).status).toBe(403);
    const foreign = await call(getScheduler, `/api/scheduler/${a.system.id}`, { token: b.token });
    expect([foreign.status, foreign.json.errors[0].code]).toEqual([404, "SchedulerNotFound"]);
    const superSystem = await supersystem();
    expect((await call(getScheduler, `/api/scheduler/${superSystem.id}`, { token: a.token })).status).toBe(404);
    const put = await call(putScheduler, "/api/scheduler", { method: "PUT", token: a.token, body: { checkInterval: 30 } });
    expect(put.status).toBe(403);
    const admin = await superAdmin(superSystem);
    const bad = await call(putScheduler, "/api/scheduler", { method: "PUT", token: admin, body: { checkInterval: 0 } });
    expect(codes(bad.json)).toEqual(["scheduler_error_intervalNegative@checkInterval"]);
  });

  it("a disabled task takes no force start (409 TaskDisabled); disabling a forced task disarms it", async () => {
    const db = await getDb();
    const { system, token } = await setup();
    const created = await call(postTask, "/api/scheduler/tasks", {
      method: "POST",
      token,
      body: { ...weekly(system.id), disabled: true },
    });
    expect(created.status, created.text).toBe(200);
    const disabled = created.json as { id: string };
    const forced = await call(putTask, "/api/scheduler/tasks", {
      method: "PUT",
      token,
      body: { ...weekly(system.id), id: disabled.id, disabled: true, forceTrigger: true },
    });
    expect([forced.status, codes(forced.json)]).toEqual([409, ["TaskDisabled@"]]);
    expect(forced.json.errors[0].messageParameter).toMatchObject({ name: "Weekly priorities" });
    const armedAtCreate = await call(postTask, "/api/scheduler/tasks", {
      method: "POST",
      token,
      body: { ...weekly(system.id), name: "Armed", disabled: true, forceTrigger: true },
    });
    expect([armedAtCreate.status, codes(armedAtCreate.json)]).toEqual([409, ["TaskDisabled@"]]);

    // enabled and forced, then disabled before the tick: nothing stays armed for the day it is enabled again
    const enabled = await call(putTask, "/api/scheduler/tasks", {
      method: "PUT",
      token,
      body: { ...weekly(system.id), id: disabled.id, forceTrigger: true },
    });
    expect([enabled.status, enabled.json.forceTrigger]).toEqual([200, true]);
    const off = await call(putTask, "/api/scheduler/tasks", {
      method: "PUT",
      token,
      body: { ...weekly(system.id), id: disabled.id, disabled: true },
    });
    expect([off.status, off.json.forceTrigger]).toEqual([200, false]);
    const [row] = await db.select().from(schedulerTasks).where(eq(schedulerTasks.id, disabled.id));
    expect(row?.forceTrigger).toBe(false);
  });

  it("internal tasks: not deletable, function fixed; ensure adds only what is missing", async () => {
    const db = await getDb();
    const superSystem = await supersystem();
    expect(await ensureInternalTasks(db, superSystem.id)).toBe(0);
    const admin = await superAdmin(superSystem);
    const [internal] = await db
      .select()
      .from(schedulerTasks)
      .where(and(eq(schedulerTasks.systemId, superSystem.id), eq(schedulerTasks.function, "LoginMaintenance")));
    if (!internal) throw new Error("LoginMaintenance missing");
    const del = await call(deleteTaskRoute, `/api/scheduler/tasks/${internal.id}`, { method: "DELETE", token: admin });
    expect([del.status, del.json.errors[0].code]).toEqual([409, "scheduler_error_internalDelete"]);
    const change = await call(putTask, "/api/scheduler/tasks", {
      method: "PUT",
      token: admin,
      body: { id: internal.id, systemId: superSystem.id, name: internal.name, function: "CleanUpJobsV2", onStart: true },
    });
    expect([change.status, change.json.errors[0].code]).toEqual([409, "scheduler_error_internalFunction"]);
    const names = (await db.select().from(schedulerTasks).where(eq(schedulerTasks.systemId, superSystem.id))).map(
      (t) => t.function,
    );
    // offered since issue 12 (statistics) and issue 13 (learn: the cluster locks, the learn runs' triggers)
    expect(names).toContain("MetricsAggregator");
    expect(names).toContain("BreakOldClusterLocks");
    expect(names).toContain("GroupPendingDocuments");
    expect(names).toContain("LearnCompleteCluster");
    // a missing internal task comes back with its next time, not "calculation pending"
    await db.delete(schedulerTasks).where(eq(schedulerTasks.id, internal.id));
    expect(await ensureInternalTasks(db, superSystem.id)).toBe(1);
    const [back] = await db
      .select()
      .from(schedulerTasks)
      .where(and(eq(schedulerTasks.systemId, superSystem.id), eq(schedulerTasks.function, "LoginMaintenance")));
    expect(back?.nextDateTime).toBeInstanceOf(Date);
  });
});

describe("scheduler engine", () => {
  const now = () => new Date();

  async function task(systemId: string, values: Partial<typeof schedulerTasks.$inferInsert>) {
    const db = await getDb();
    const [row] = await db
      .insert(schedulerTasks)
      .values({ systemId, name: `t${Math.random()}`, function: "IncreaseJobPriority", ...values })
      .returning();
    if (!row) throw new Error("no task");
    return row;
  }
  const runsOf = async (id: string) => (await getDb()).select().from(schedulerTaskRuns).where(eq(schedulerTaskRuns.taskId, id));

  it("two concurrent ticks run each due task once; a throwing function does not stop the others; history and next time", async () => {
    const db = await getDb();
    const { system, token } = await setup();
    const past = new Date(Date.now() - 60_000);
    const due = await Promise.all(
      Array.from({ length: 5 }, () =>
        task(system.id, { continuouslyIsActive: true, continuouslyMinutes: 5, nextDateTime: past }),
      ),
    );
    const failing = await task(system.id, {
      function: "LicenceAlertsNotifier",
      dailyIsActive: true,
      dailyDateTime: "01:00",
      nextDateTime: past,
    });
    const later = await task(system.id, {
      continuouslyIsActive: true,
      continuouslyMinutes: 5,
      nextDateTime: new Date(Date.now() + 3_600_000),
    });
    let calls = 0;
    const functions = registry([
      [
        "IncreaseJobPriority",
        async () => {
          calls++;
          await new Promise((r) => setTimeout(r, 20));
          return { message: "raised" };
        },
      ],
      [
        "LicenceAlertsNotifier",
        async () => {
          throw new Error("mail server down");
        },
      ],
    ]);
    const [r1, r2] = await Promise.all([
      tick(db, { workerId: "w1", functions, now }),
      tick(db, { workerId: "w2", functions, now }),
    ]);
    const mine = new Set([...due, failing].map((t) => t.id));
    const ran = [...r1, ...r2].filter((r) => mine.has(r.taskId) || r.taskId === later.id);
    expect(ran).toHaveLength(6);
    expect(calls).toBeGreaterThanOrEqual(5);
    for (const t of due) expect(await runsOf(t.id)).toHaveLength(1);
    const [failedRun] = await runsOf(failing.id);
    expect(failedRun).toMatchObject({ outcome: "error", message: "mail server down" });
    expect(await runsOf(later.id)).toHaveLength(0);
    const [after] = await db
      .select()
      .from(schedulerTasks)
      .where(eq(schedulerTasks.id, due[0]?.id ?? ""));
    expect(after?.lockedBy).toBeNull();
    expect(after?.lastOutcome).toBe("ok");
    expect(after?.nextDateTime?.getTime()).toBe((after?.lastDateTime?.getTime() ?? 0) + 5 * 60_000);

    const runs = await call(getRuns, `/api/scheduler/tasks/${failing.id}/runs`, { token });
    expect(runs.json).toMatchObject({ totalCount: 1, items: [{ outcome: "error", message: "mail server down" }] });
  });

  it("force start runs at the next tick and clears forceTrigger; a missing function records an error run", async () => {
    const db = await getDb();
    const { system, user } = await setup();
    const t = await task(system.id, { onStop: true });
    const caller = {
      userId: user.id,
      userName: user.name,
      systemId: system.id,
      systemName: system.name,
      roles: ["Administrator"],
    };
    await forceTask(db, { caller: caller as never, id: t.id });
    await tick(db, { workerId: "w1", functions: {}, now });
    const [row] = await db.select().from(schedulerTasks).where(eq(schedulerTasks.id, t.id));
    expect(row).toMatchObject({ forceTrigger: false, lockedBy: null, lastOutcome: "error" });
    expect(row?.nextDateTime).toBeNull();
    expect(await runsOf(t.id)).toHaveLength(1);
  });

  it.skipIf(Boolean(process.env.REDIS_URL))(
    "the embedded runner's timer hears a saved check interval at once (no Redis)",
    { timeout: 60_000 },
    async () => {
      const superSystem = await supersystem();
      const admin = await superAdmin(superSystem);
      const put = (checkInterval: number) =>
        call(putScheduler, "/api/scheduler", { method: "PUT", token: admin, body: { checkInterval } });
      expect((await put(600)).status).toBe(200);
      const { system } = await setup();
      const forced = await task(system.id, { continuouslyIsActive: true, continuouslyMinutes: 60, forceTrigger: true });
      const ran: string[] = [];
      startEmbeddedScheduler({ functions: registry([["IncreaseJobPriority", async (r) => void ran.push(r.task.id)]]) });
      try {
        // the timer waits 600 s; the saved interval of 1 s starts its wait again
        await new Promise((r) => setTimeout(r, 500));
        expect((await put(1)).status).toBe(200);
        for (let i = 0; i < 100 && !ran.includes(forced.id); i++) await new Promise((r) => setTimeout(r, 100));
        expect(ran).toContain(forced.id);
        expect(await runsOf(forced.id)).toHaveLength(1);
      } finally {
        await stopEmbeddedScheduler();
        await put(60);
      }
    },
  );

  it("onStart and onStop tasks run at their event; pending next times are computed by the tick", async () => {
    const db = await getDb();
    const { system } = await setup();
    const onStart = await task(system.id, { onStart: true });
    const onStop = await task(system.id, { onStop: true });
    const pending = await task(system.id, { dailyIsActive: true, dailyDateTime: "03:00" });
    const ran: string[] = [];
    const functions = registry([["IncreaseJobPriority", async (r) => void ran.push(r.task.id)]]);
    await runEvent(db, "onStart", { workerId: "w1", functions, now });
    expect(ran).toContain(onStart.id);
    expect(ran).not.toContain(onStop.id);
    await runEvent(db, "onStop", { workerId: "w1", functions, now });
    expect(ran).toContain(onStop.id);
    await tick(db, { workerId: "w1", functions, now });
    const [row] = await db.select().from(schedulerTasks).where(eq(schedulerTasks.id, pending.id));
    expect(row?.nextDateTime).not.toBeNull();
    expect(ran).not.toContain(pending.id);
    // a task claimed by a live worker is not claimed again
    await db
      .update(schedulerTasks)
      .set({ forceTrigger: true, lockedBy: "other", lockedAt: new Date() })
      .where(eq(schedulerTasks.id, pending.id));
    expect((await claimDueTasks(db, "w1", new Date())).map((c) => c.id)).not.toContain(pending.id);
  });
});

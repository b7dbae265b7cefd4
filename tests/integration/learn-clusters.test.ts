import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as clusterDocumentsRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/documents/route";
import { POST as lockRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/lock/route";
import { POST as moveRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/move/route";
import { GET as clusterRoute, PUT as putClusterRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/route";
import { POST as splitRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/split/route";
import { POST as unlockRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/[clusterId]/unlock/route";
import { POST as mergeRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/merge/route";
import { GET as clustersRoute } from "@/app/api/v3/learn/projects/[projectId]/clusters/route";
import { GET as documentRoute } from "@/app/api/v3/learn/projects/[projectId]/documents/[documentId]/route";
import { POST as runRoute } from "@/app/api/v3/learn/projects/[projectId]/run/route";
import { GET as runsRoute } from "@/app/api/v3/learn/projects/[projectId]/runs/route";
import { auditTrail, learnClusters, learnDocuments, learnRuns, projects } from "@/db/schema";
import { getDb } from "@/lib/db";
import { learnCounts } from "@/lib/learn/clusters/queries";
import { CLUSTER_LOCK_LAPSE_MS } from "@/lib/learn/clusters/rules";
import { patchSetting, SETTING_KEYS } from "@/lib/settings/store";
import { codes, tokenOf } from "../helpers/api";
import { makeJob, makeLearnProject, makeSystem, makeUser } from "../helpers/factories";
import { call } from "../helpers/http";

async function tenant() {
  const system = await makeSystem();
  const person = async (roles: string[]) => {
    const user = await makeUser({ systemId: system.id, roles });
    return { ...user, token: await tokenOf(system.name, user.name) };
  };
  return { system, anna: await person(["ProjectManager"]), ben: await person(["ProjectManager"]), person };
}

const base = (projectId: string) => `/api/v3/learn/projects/${projectId}`;

async function clusterRows(projectId: string) {
  const db = await getDb();
  return db.select().from(learnClusters).where(eq(learnClusters.projectId, projectId)).orderBy(asc(learnClusters.number));
}

async function membersOf(clusterId: string) {
  const db = await getDb();
  const rows = await db.select({ id: learnDocuments.id }).from(learnDocuments).where(eq(learnDocuments.clusterId, clusterId));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

async function auditOf(projectId: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(auditTrail)
    .where(and(eq(auditTrail.projectId, projectId), eq(auditTrail.category, "LearnProject")))
    .orderBy(asc(auditTrail.id));
  return rows.map((r) => ({ operation: r.operation, username: r.username, value: JSON.parse(r.value) }));
}

describe("the clusters of a learn project through the API", () => {
  // these are about the changes themselves; the learn runs they ask for are the last describe's
  beforeAll(async () => patchSetting(await getDb(), SETTING_KEYS.learnConfig, { createLearnJobOnClusterChange: false }));
  afterAll(async () => patchSetting(await getDb(), SETTING_KEYS.learnConfig, { createLearnJobOnClusterChange: true }));

  it("lists clusters by number with size, keywords, samples (the run's choice first) and locks", async () => {
    const { system, anna } = await tenant();
    const job = await makeJob({ systemId: system.id, state: "Ready" });
    const { project, clusters } = await makeLearnProject({
      systemId: system.id,
      jobId: job.id,
      clusters: [
        {
          documents: ["  INVOICE\n\n No. 1   amount due", "Invoice 2", "Invoice 3", "Invoice 4", "x".repeat(600)],
          name: "Invoices",
          keywords: ["invoice", "amount"],
        },
        { documents: 1, complete: true, lockedBy: { id: anna.id, name: anna.name } },
      ],
      pending: 2,
      unclustered: 1,
    });
    const [first, second] = clusters;
    if (!first || !second) throw new Error("no clusters");
    // the run's choice of samples comes first, then the first documents by id
    const db = await getDb();
    await db
      .update(learnClusters)
      .set({ sampleIds: [first.documentIds[4] as number] })
      .where(eq(learnClusters.id, first.id));

    const res = await call(clustersRoute, `${base(project.id)}/clusters`, { token: anna.token });
    expect(res.status, res.text).toBe(200);
    expect(res.json.map((c: { number: number }) => c.number)).toEqual([1, 2]);
    const [one, two] = res.json;
    expect(one).toMatchObject({ id: first.id, name: "Invoices", complete: false, locked: false, lockedBy: null, size: 5 });
    expect(one.keywords).toEqual(["invoice", "amount"]);
    expect(one.samples.map((s: { documentId: number }) => s.documentId)).toEqual([
      first.documentIds[4],
      first.documentIds[0],
      first.documentIds[1],
    ]);
    expect(one.samples[0].excerpt).toBe(`${"x".repeat(240)}…`);
    expect(one.samples[1]).toEqual({
      documentId: first.documentIds[0],
      jobId: job.id,
      file: "doc-1.txt",
      excerpt: "INVOICE No. 1 amount due",
    });
    expect(two).toMatchObject({ name: null, complete: true, locked: true, lockedBy: anna.name, lockedById: anna.id, size: 1 });

    expect(await learnCounts(db, project.id)).toEqual({
      documents: 9,
      clustered: 6,
      pending: 2,
      unclustered: 1,
      clusters: 2,
      named: 1,
      complete: 1,
      locked: 1,
    });

    const one1 = await call(clusterRoute, `${base(project.id)}/clusters/${second.id}`, { token: anna.token });
    expect(one1.json).toMatchObject({ id: second.id, number: 2 });
  });

  it("pages a cluster's documents and reads one document's text", async () => {
    const { system, anna } = await tenant();
    const { project, clusters } = await makeLearnProject({ systemId: system.id, clusters: [{ documents: 7 }] });
    const [cluster] = clusters;
    if (!cluster) throw new Error("no cluster");
    const page = await call(clusterDocumentsRoute, `${base(project.id)}/clusters/${cluster.id}/documents?pageSize=5&page=1`, {
      token: anna.token,
    });
    expect(page.status, page.text).toBe(200);
    expect(page.json.totalCount).toBe(7);
    expect(page.json.items.map((d: { id: number }) => d.id)).toEqual(cluster.documentIds.slice(5));
    expect(page.json.items[0]).toMatchObject({ file: "doc-6.txt", pages: 1, excerpt: "Cluster 1 document 6", jobId: null });
    const bad = await call(clusterDocumentsRoute, `${base(project.id)}/clusters/${cluster.id}/documents?pageSize=7`, {
      token: anna.token,
    });
    expect(codes(bad.json)).toEqual(["InvalidChoice"]);

    const doc = await call(documentRoute, `${base(project.id)}/documents/${cluster.documentIds[2]}`, { token: anna.token });
    expect(doc.status, doc.text).toBe(200);
    expect(doc.json).toMatchObject({ id: cluster.documentIds[2], clusterId: cluster.id, text: "Cluster 1 document 3" });
    expect(doc.json.learnedAt).not.toBeNull();

    // a document of another project is not found here
    const other = await makeLearnProject({ systemId: system.id, pending: 1 });
    const stranger = await call(documentRoute, `${base(project.id)}/documents/${other.pending[0]}`, { token: anna.token });
    expect([stranger.status, codes(stranger.json)]).toEqual([404, ["LearnDocumentNotFound"]]);
    const notANumber = await call(documentRoute, `${base(project.id)}/documents/abc`, { token: anna.token });
    expect(codes(notANumber.json)).toEqual(["InvalidId"]);
  });

  it("names a cluster (trimmed, unique in the project whatever the case), takes the name away and marks it complete", async () => {
    const { system, anna } = await tenant();
    const { project, clusters } = await makeLearnProject({
      systemId: system.id,
      clusters: [{ documents: 2, name: "Invoices" }, { documents: 2 }],
    });
    const [invoices, other] = clusters;
    if (!invoices || !other) throw new Error("no clusters");
    const put = (id: string, body: unknown) =>
      call(putClusterRoute, `${base(project.id)}/clusters/${id}`, { method: "PUT", token: anna.token, body });

    const named = await put(other.id, { name: "  Reminders " });
    expect(named.status, named.text).toBe(200);
    expect(named.json).toMatchObject({ name: "Reminders", complete: false });

    const duplicate = await put(other.id, { name: "INVOICES" });
    expect([duplicate.status, duplicate.json.errors[0]]).toEqual([
      409,
      {
        code: "LearnClusterNameExists",
        message: "A cluster named INVOICES exists already in this learn project.",
        messageParameter: { name: "INVOICES" },
      },
    ]);
    // its own name in another case is no duplicate
    expect((await put(invoices.id, { name: "invoices" })).json.name).toBe("invoices");

    expect(codes((await put(other.id, { name: "x".repeat(201) })).json)).toEqual(["TooLong"]);
    expect(codes((await put(other.id, {})).json)).toEqual(["Required"]);

    const complete = await put(other.id, { complete: true });
    expect(complete.json).toMatchObject({ name: "Reminders", complete: true });
    const unnamed = await put(other.id, { name: "" });
    expect(unnamed.json).toMatchObject({ name: null, complete: true });
    expect((await put(other.id, { name: null, complete: false })).json).toMatchObject({ name: null, complete: false });

    const audit = await auditOf(project.id);
    expect(audit[0]).toEqual({
      operation: "Update",
      username: anna.name,
      value: { id: project.id, cluster: { id: other.id, number: 2, name: null }, name: "Reminders", previousName: null },
    });
    expect(audit).toHaveLength(5);
  });

  it("merges clusters into the first: members move, sizes count again, the others go, the first named one's name stays", async () => {
    const { system, anna } = await tenant();
    const { project, clusters } = await makeLearnProject({
      systemId: system.id,
      clusters: [
        { documents: 2, keywords: ["a", "b"] },
        { documents: 3, name: "Letters", keywords: ["B", "c"] },
        { documents: 1, name: "Mail" },
        { documents: 1 },
      ],
    });
    const [target, letters, mail, rest] = clusters;
    if (!target || !letters || !mail || !rest) throw new Error("no clusters");
    const db = await getDb();
    await db
      .update(learnClusters)
      .set({ centroid: new Uint8Array([1, 2, 3, 4]) })
      .where(eq(learnClusters.id, target.id));

    const merged = await call(mergeRoute, `${base(project.id)}/clusters/merge`, {
      method: "POST",
      token: anna.token,
      body: { ids: [target.id, letters.id, mail.id] },
    });
    expect(merged.status, merged.text).toBe(200);
    expect(merged.json).toMatchObject({ id: target.id, number: 1, name: "Letters", size: 6, keywords: ["a", "b", "c", "word3"] });
    const rows = await clusterRows(project.id);
    expect(rows.map((r) => r.number)).toEqual([1, 4]);
    expect(rows[0]?.centroid).toBeNull();
    expect(await membersOf(target.id)).toEqual(
      [...target.documentIds, ...letters.documentIds, ...mail.documentIds].sort((a, b) => a - b),
    );
    expect((await auditOf(project.id)).at(-1)?.value).toEqual({
      id: project.id,
      cluster: { id: target.id, number: 1, name: null },
      merged: [
        { id: letters.id, number: 2, name: "Letters" },
        { id: mail.id, number: 3, name: "Mail" },
      ],
      name: "Letters",
    });

    // one cluster, the same twice, or one of another project: refused, nothing changes
    const merge = (ids: string[]) =>
      call(mergeRoute, `${base(project.id)}/clusters/merge`, { method: "POST", token: anna.token, body: { ids } });
    expect(codes((await merge([target.id])).json)).toEqual(["TooFewItems"]);
    expect(codes((await merge([target.id, target.id])).json)).toEqual(["InvalidField"]);
    const foreign = await makeLearnProject({ systemId: system.id, clusters: [{ documents: 1 }] });
    const other = await merge([target.id, foreign.clusters[0]?.id as string]);
    expect([other.status, codes(other.json)]).toEqual([404, ["LearnClusterNotFound"]]);
    expect((await clusterRows(project.id)).map((r) => r.size)).toEqual([6, 1]);
  });

  it("splits documents off into a new cluster with the next number, and moves documents to another cluster", async () => {
    const { system, anna } = await tenant();
    const { project, clusters } = await makeLearnProject({
      systemId: system.id,
      clusters: [{ documents: 5, name: "Mixed" }, { documents: 2 }],
    });
    const [mixed, small] = clusters;
    if (!mixed || !small) throw new Error("no clusters");
    const [d1, d2, d3, d4, d5] = mixed.documentIds as [number, number, number, number, number];

    const split = await call(splitRoute, `${base(project.id)}/clusters/${mixed.id}/split`, {
      method: "POST",
      token: anna.token,
      body: { documentIds: [d4, d5] },
    });
    expect(split.status, split.text).toBe(200);
    expect(split.json).toMatchObject({ number: 3, name: null, complete: false, size: 2, keywords: [] });
    expect(await membersOf(split.json.id)).toEqual([d4, d5]);
    expect((await clusterRows(project.id)).map((r) => [r.number, r.size])).toEqual([
      [1, 3],
      [2, 2],
      [3, 2],
    ]);

    // a document not in the cluster (any more) refuses the whole split
    const stray = await call(splitRoute, `${base(project.id)}/clusters/${mixed.id}/split`, {
      method: "POST",
      token: anna.token,
      body: { documentIds: [d1, d4] },
    });
    expect([stray.status, stray.json.errors[0].messageParameter]).toEqual([409, { id: d4, cluster: "Mixed" }]);

    const moved = await call(moveRoute, `${base(project.id)}/clusters/${mixed.id}/move`, {
      method: "POST",
      token: anna.token,
      body: { documentIds: [d1], to: small.id },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({ id: small.id, size: 3 });
    expect(await membersOf(mixed.id)).toEqual([d2, d3]);
    const here = await call(moveRoute, `${base(project.id)}/clusters/${mixed.id}/move`, {
      method: "POST",
      token: anna.token,
      body: { documentIds: [d2], to: mixed.id },
    });
    expect(codes(here.json)).toEqual(["InvalidField"]);

    // a cluster left without documents is deleted
    const all = await call(moveRoute, `${base(project.id)}/clusters/${mixed.id}/move`, {
      method: "POST",
      token: anna.token,
      body: { documentIds: [d2, d3], to: small.id },
    });
    expect(all.json.size).toBe(5);
    expect((await clusterRows(project.id)).map((r) => r.number)).toEqual([2, 3]);
  });

  it("a lock is one user's: others change nothing until it is released; an administrator may break it", async () => {
    const { system, anna, ben, person } = await tenant();
    const admin = await person(["Administrator"]);
    const { project, clusters } = await makeLearnProject({ systemId: system.id, clusters: [{ documents: 2 }, { documents: 1 }] });
    const [cluster, other] = clusters;
    if (!cluster || !other) throw new Error("no clusters");
    const url = `${base(project.id)}/clusters/${cluster.id}`;
    const lock = (token: string) => call(lockRoute, `${url}/lock`, { method: "POST", token });
    const unlock = (token: string) => call(unlockRoute, `${url}/unlock`, { method: "POST", token });

    const locked = await lock(anna.token);
    expect(locked.status, locked.text).toBe(200);
    expect(locked.json).toMatchObject({ locked: true, lockedBy: anna.name, lockedById: anna.id });
    const lockedAt = locked.json.lockedAt as string;

    const refused = { code: "LearnClusterLocked", params: { cluster: "Cluster 1", user: anna.name } };
    const expectLocked = (res: { status: number; json: { errors: { code: string; messageParameter: unknown }[] } }) =>
      expect([res.status, res.json.errors[0]?.code, res.json.errors[0]?.messageParameter]).toEqual([
        409,
        refused.code,
        refused.params,
      ]);
    expectLocked(await call(putClusterRoute, url, { method: "PUT", token: ben.token, body: { name: "Ben's" } }));
    expectLocked(await lock(ben.token));
    expectLocked(await unlock(ben.token));
    expectLocked(
      await call(mergeRoute, `${base(project.id)}/clusters/merge`, {
        method: "POST",
        token: ben.token,
        body: { ids: [other.id, cluster.id] },
      }),
    );
    expectLocked(
      await call(splitRoute, `${url}/split`, {
        method: "POST",
        token: ben.token,
        body: { documentIds: [cluster.documentIds[0]] },
      }),
    );
    expectLocked(
      await call(moveRoute, `${base(project.id)}/clusters/${other.id}/move`, {
        method: "POST",
        token: ben.token,
        body: { documentIds: [other.documentIds[0]], to: cluster.id },
      }),
    );
    expect((await clusterRows(project.id)).map((r) => [r.name, r.size])).toEqual([
      [null, 2],
      [null, 1],
    ]);

    // the holder changes it, and renews the lock without a second audit row
    expect((await call(putClusterRoute, url, { method: "PUT", token: anna.token, body: { name: "Anna's" } })).status).toBe(200);
    const renewed = await lock(anna.token);
    expect(renewed.json.lockedAt >= lockedAt).toBe(true);

    // released by the holder; a free cluster stays free
    expect((await unlock(anna.token)).json).toMatchObject({ locked: false, lockedBy: null, lockedAt: null });
    expect((await unlock(ben.token)).json.locked).toBe(false);

    // taken by ben, broken by an administrator
    await lock(ben.token);
    const broken = await unlock(admin.token);
    expect(broken.json.locked).toBe(false);

    // one row per lock, written when it ends (a look at a cluster is at most one row), naming when it was taken
    const locks = (await auditOf(project.id))
      .filter((a) => a.value.lock)
      .map((a) => [a.username, a.value.lock, a.value.lockedBy, typeof a.value.lockedAt]);
    expect(locks).toEqual([
      [anna.name, "released", undefined, "string"],
      [admin.name, "broken", ben.name, "string"],
    ]);
  });

  it("a lock lapses once its holder is not seen for minutes: then it is nobody's, and ended with one audit row", async () => {
    const { system, anna, ben } = await tenant();
    const { project, clusters } = await makeLearnProject({ systemId: system.id, clusters: [{ documents: 2 }] });
    const [cluster] = clusters;
    if (!cluster) throw new Error("no cluster");
    const url = `${base(project.id)}/clusters/${cluster.id}`;
    expect((await call(lockRoute, `${url}/lock`, { method: "POST", token: anna.token })).status).toBe(200);
    const refused = await call(lockRoute, `${url}/lock`, { method: "POST", token: ben.token });
    expect([refused.status, codes(refused.json)]).toEqual([409, ["LearnClusterLocked"]]);

    // anna's browser died: her lock was last seen longer ago than the lapse
    const db = await getDb();
    const seen = new Date(Date.now() - CLUSTER_LOCK_LAPSE_MS - 1000);
    await db.update(learnClusters).set({ lockSeen: seen }).where(eq(learnClusters.id, cluster.id));
    const shown = await call(clusterRoute, url, { token: ben.token });
    expect(shown.json).toMatchObject({ locked: false, lockedBy: null, lockedById: null });
    expect((await learnCounts(db, project.id)).locked).toBe(0);
    const renamed = await call(putClusterRoute, url, { method: "PUT", token: ben.token, body: { name: "Ben's" } });
    expect(renamed.status, renamed.text).toBe(200);
    const taken = await call(lockRoute, `${url}/lock`, { method: "POST", token: ben.token });
    expect(taken.json).toMatchObject({ locked: true, lockedBy: ben.name });
    const lapsed = (await auditOf(project.id)).filter((a) => a.value.lock);
    expect(lapsed).toEqual([
      {
        operation: "Update",
        username: "system",
        value: expect.objectContaining({ lock: "lapsed", lockedBy: anna.name, seen: seen.toISOString() }),
      },
    ]);
  });

  it("a deleted learn project is read but changed no more", async () => {
    const { system, anna } = await tenant();
    const { project, clusters } = await makeLearnProject({ systemId: system.id, clusters: [{ documents: 1 }] });
    const [cluster] = clusters;
    if (!cluster) throw new Error("no cluster");
    const db = await getDb();
    await db.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, project.id));
    expect((await call(clustersRoute, `${base(project.id)}/clusters`, { token: anna.token })).json).toHaveLength(1);
    const put = await call(putClusterRoute, `${base(project.id)}/clusters/${cluster.id}`, {
      method: "PUT",
      token: anna.token,
      body: { name: "Late" },
    });
    expect([put.status, codes(put.json)]).toEqual([409, ["LearnProjectDeleted"]]);
    const lock = await call(lockRoute, `${base(project.id)}/clusters/${cluster.id}/lock`, { method: "POST", token: anna.token });
    expect(codes(lock.json)).toEqual(["LearnProjectDeleted"]);
  });

  it("roles and tenants: ManageProjects in the project's own system; a foreign system's clusters do not exist", async () => {
    const { system, anna, person } = await tenant();
    const monitor = await person(["JobManager"]);
    const foreign = await makeSystem();
    const foreignPm = await makeUser({ systemId: foreign.id, roles: ["ProjectManager"] });
    const foreignToken = await tokenOf(foreign.name, foreignPm.name);
    const { project, clusters } = await makeLearnProject({ systemId: system.id, clusters: [{ documents: 2 }, { documents: 1 }] });
    const [cluster, other] = clusters;
    if (!cluster || !other) throw new Error("no clusters");
    const p = base(project.id);
    const c = `${p}/clusters/${cluster.id}`;
    const calls: [string, (token: string) => ReturnType<typeof call>][] = [
      ["list", (token) => call(clustersRoute, `${p}/clusters`, { token })],
      ["one", (token) => call(clusterRoute, c, { token })],
      ["documents", (token) => call(clusterDocumentsRoute, `${c}/documents`, { token })],
      ["document", (token) => call(documentRoute, `${p}/documents/${cluster.documentIds[0]}`, { token })],
      ["put", (token) => call(putClusterRoute, c, { method: "PUT", token, body: { complete: true } })],
      [
        "merge",
        (token) => call(mergeRoute, `${p}/clusters/merge`, { method: "POST", token, body: { ids: [cluster.id, other.id] } }),
      ],
      [
        "split",
        (token) => call(splitRoute, `${c}/split`, { method: "POST", token, body: { documentIds: [cluster.documentIds[0]] } }),
      ],
      [
        "move",
        (token) =>
          call(moveRoute, `${c}/move`, { method: "POST", token, body: { documentIds: [cluster.documentIds[0]], to: other.id } }),
      ],
      ["lock", (token) => call(lockRoute, `${c}/lock`, { method: "POST", token })],
      ["unlock", (token) => call(unlockRoute, `${c}/unlock`, { method: "POST", token })],
    ];
    for (const [name, run] of calls) {
      const denied = await run(monitor.token);
      expect([name, denied.status, codes(denied.json)]).toEqual([name, 403, ["AccessDenied"]]);
      const hidden = await run(foreignToken);
      expect([name, hidden.status, codes(hidden.json)]).toEqual([name, 404, ["ProjectNotFound"]]);
    }
    const db = await getDb();
    const rows = await db
      .select()
      .from(learnClusters)
      .where(inArray(learnClusters.id, [cluster.id, other.id]));
    expect(rows.map((r) => [r.size, r.complete, r.lockedAt]).sort()).toEqual([
      [1, false, null],
      [2, false, null],
    ]);
    // and the project manager of the system may do each
    expect((await calls[0]?.[1](anna.token))?.status).toBe(200);
  });
});

describe("createLearnJobOnClusterChange", () => {
  async function runsOf(projectId: string) {
    const db = await getDb();
    const rows = await db.select().from(learnRuns).where(eq(learnRuns.projectId, projectId)).orderBy(asc(learnRuns.id));
    return rows.map((r) => r.trigger);
  }

  it("a change asks for an incremental run; under a lock the run is asked all the same and waits for the lock", async () => {
    const { system, anna } = await tenant();
    const { project, clusters } = await makeLearnProject({
      systemId: system.id,
      clusters: [{ documents: ["Invoice 1", "Invoice 2", "Invoice 3"] }, { documents: ["Letter 1", "Letter 2"] }],
    });
    const [first, second] = clusters;
    const c = (id: string) => `${base(project.id)}/clusters/${id}`;
    // a client renames a free cluster: the run is asked for at once
    const named = await call(putClusterRoute, c(first?.id ?? ""), {
      method: "PUT",
      token: anna.token,
      body: { name: "Invoices" },
    });
    expect(named.status, named.text).toBe(200);
    expect(await runsOf(project.id)).toEqual(["ClusterChange"]);
    // let that run end, so that the next request makes a run of its own
    const db = await getDb();
    await db.update(learnRuns).set({ state: "Ready" }).where(eq(learnRuns.projectId, project.id));

    // the portal's way: locked while edited; the change asks for its run, which waits (it does not fail on the lock)
    expect((await call(lockRoute, `${c(second?.id ?? "")}/lock`, { method: "POST", token: anna.token })).status).toBe(200);
    const renamed = await call(putClusterRoute, c(second?.id ?? ""), {
      method: "PUT",
      token: anna.token,
      body: { name: "Letters" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await runsOf(project.id)).toEqual(["ClusterChange", "ClusterChange"]);
    const waiting = await call(runsRoute, `${base(project.id)}/runs`, { token: anna.token });
    expect(waiting.json.items[0]).toMatchObject({ state: "Waiting", waitingFor: { cluster: "Letters", user: anna.name } });
    // "learn now" meanwhile is told of the lock
    const now = await call(runRoute, `${base(project.id)}/run`, { method: "POST", token: anna.token, body: {} });
    expect([now.status, codes(now.json)]).toEqual([409, ["LearnClusterLocked"]]);
    // released: the run no longer waits for anything; no second run
    expect((await call(unlockRoute, `${c(second?.id ?? "")}/unlock`, { method: "POST", token: anna.token })).status).toBe(200);
    const free = await call(runsRoute, `${base(project.id)}/runs`, { token: anna.token });
    expect(free.json.items[0]).toMatchObject({ state: "Waiting", waitingFor: null });
    expect(await runsOf(project.id)).toHaveLength(2);

    // a lock taken and released without a change asks for nothing
    await db.update(learnRuns).set({ state: "Ready" }).where(eq(learnRuns.projectId, project.id));
    await call(lockRoute, `${c(first?.id ?? "")}/lock`, { method: "POST", token: anna.token });
    await call(unlockRoute, `${c(first?.id ?? "")}/unlock`, { method: "POST", token: anna.token });
    expect(await runsOf(project.id)).toHaveLength(2);
  });
});

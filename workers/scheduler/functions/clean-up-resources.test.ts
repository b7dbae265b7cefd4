import { mkdir, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { projects, resourcePools, resources } from "@/db/schema";
import type { Caller } from "@/lib/auth/caller";
import { getDb } from "@/lib/db";
import { resolveFile } from "@/lib/files/store";
import { poolDir, RESOURCE_UPLOADS_DIR, resourceFilePath } from "@/lib/resources/files";
import { uploadResource } from "@/lib/resources/services/upload-resource";
import { makeProject, makeSystem } from "@/tests/helpers/factories";
import { cleanUpResources } from "./clean-up-resources";

const exists = (relative: string) =>
  stat(resolveFile(relative)).then(
    () => true,
    () => false,
  );

function managerOf(system: { id: string; name: string }): Caller {
  return {
    sessionId: "s",
    userId: crypto.randomUUID(),
    userName: "manager",
    fullName: "",
    systemId: system.id,
    systemName: system.name,
    roles: ["ResourceManager"],
    language: "en-US",
    requiresPasswordChange: false,
  };
}

describe("CleanUpResources", () => {
  it("removes rows without a file, files without a row, resources of deleted projects and stale temporary uploads", async () => {
    const db = await getDb();
    const system = await makeSystem();
    const other = await makeSystem();
    const caller = managerOf(system);
    const { project } = await makeProject({ systemId: system.id });
    const add = (name: string, extra: Record<string, unknown> = {}) =>
      uploadResource(db, {
        caller,
        meta: { systemId: system.id, type: "Csv", subtype: "P", level: "System", name, ...extra },
        file: { name, bytes: new TextEncoder().encode("a\n") },
      });
    const kept = await add("kept.csv");
    const lost = await add("lost.csv");
    const ofProject = await add("project.csv", { level: "Project", projectId: project.id });
    const foreign = await uploadResource(db, {
      caller: managerOf(other),
      meta: { systemId: other.id, type: "Csv", subtype: "P", level: "System", name: "foreign.csv" },
      file: { name: "foreign.csv", bytes: new TextEncoder().encode("a\n") },
    });
    const [lostRow] = await db.select().from(resources).where(eq(resources.id, lost.id));
    if (!lostRow) throw new Error("no row");
    await import("node:fs/promises").then((fs) => fs.rm(resolveFile(resourceFilePath(lostRow))));
    const stray = `${poolDir({ level: "System", systemId: system.id, projectId: null, poolId: kept.subtypeId })}/${crypto.randomUUID()}`;
    await writeFile(resolveFile(stray), "stray");
    await db.delete(projects).where(eq(projects.id, project.id));
    const now = new Date();
    const stale = `${RESOURCE_UPLOADS_DIR}/stale-${crypto.randomUUID()}`;
    const fresh = `${RESOURCE_UPLOADS_DIR}/fresh-${crypto.randomUUID()}`;
    await mkdir(path.dirname(resolveFile(stale)), { recursive: true });
    await writeFile(resolveFile(stale), "");
    await writeFile(resolveFile(fresh), "");
    const twoHoursAgo = new Date(now.getTime() - 2 * 60 * 60 * 1000);
    await utimes(resolveFile(stale), twoHoursAgo, twoHoursAgo);
    await utimes(resolveFile(stray), twoHoursAgo, twoHoursAgo);

    const outcome = await cleanUpResources({
      db,
      task: { id: "t", name: "CleanUpResources", function: "CleanUpResources", configuration: {} },
      systemId: system.id,
      now,
    });
    expect(outcome?.details).toEqual({ projectPools: 1, rowsWithoutFile: 1, filesWithoutRow: 1, staleUploads: 1 });
    expect(outcome?.message).toContain("1 rows without a file");
    const left = await db.select({ id: resources.id }).from(resources).where(eq(resources.systemId, system.id));
    expect(left.map((r) => r.id)).toEqual([kept.id]);
    expect(await db.select().from(resourcePools).where(eq(resourcePools.id, ofProject.subtypeId))).toEqual([]);
    expect(await exists(stray)).toBe(false);
    expect(await exists(stale)).toBe(false);
    expect(await exists(fresh)).toBe(true);
    // another system is outside a system's run
    const [foreignRow] = await db.select().from(resources).where(eq(resources.id, foreign.id));
    expect(foreignRow && (await exists(resourceFilePath(foreignRow)))).toBe(true);
    const again = await cleanUpResources({
      db,
      task: { id: "t", name: "CleanUpResources", function: "CleanUpResources", configuration: {} },
      systemId: null,
      now,
    });
    expect(again?.details).toMatchObject({ projectPools: 0, rowsWithoutFile: 0, filesWithoutRow: 0 });
  });
});

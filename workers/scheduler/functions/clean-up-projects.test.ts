import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Caller } from "@/lib/auth/caller";
import { getDb } from "@/lib/db";
import { resolveFile, writeStoredFile } from "@/lib/files/store";
import { UPLOADS_DIR } from "@/lib/input/upload-temp";
import { projectDir } from "@/lib/projects/files";
import { projectFilePath } from "@/lib/projects/queries";
import { addProject } from "@/lib/projects/services/add-project";
import { deleteProject as deleteProjectService } from "@/lib/projects/services/delete-project";
import { uploadProjectVersion } from "@/lib/projects/services/upload-project-version";
import { sampleEsproject } from "@/tests/fixtures/project";
import { makeSystem, uniqueName } from "@/tests/helpers/factories";
import { runTask, supersystemId, taskRun } from "@/tests/helpers/task-run";

async function superAdmin(): Promise<Caller> {
  return {
    sessionId: "s",
    userId: "00000000-0000-4000-8000-000000000000",
    userName: "admin",
    fullName: "",
    systemId: await supersystemId(),
    systemName: "Supersystem",
    roles: ["SuperAdmin"],
    language: "en-US",
    requiresPasswordChange: false,
  };
}

const stored = (relative: string) => existsSync(resolveFile(relative));

/** A project through the services, with `versions` uploaded versions. */
async function projectWithVersions(systemId: string, versions: number) {
  const db = await getDb();
  const caller = await superAdmin();
  let project = await addProject(db, { caller, meta: { systemId, name: uniqueName("P") }, file: sampleEsproject() });
  for (let v = 1; v < versions; v++)
    project = await uploadProjectVersion(db, { caller, id: project.id, meta: { version: v }, file: sampleEsproject() });
  return project;
}

describe("CleanUpProjects", () => {
  it("removes the files of old project versions, keeps the current one and an upload in flight", async () => {
    const { id: systemId } = await makeSystem();
    const three = await projectWithVersions(systemId, 3);
    const one = await projectWithVersions(systemId, 1);
    for (const v of [1, 2, 3]) expect(stored(projectFilePath(systemId, three.id, v))).toBe(true);
    // a version being uploaded is written before the project counts it
    await writeStoredFile(projectFilePath(systemId, three.id, 4), new Uint8Array([1]));

    const outcome = await runTask(await taskRun("CleanUpProjects"));
    expect(outcome?.details).toMatchObject({ oldVersionFiles: 2 });
    expect(outcome?.message).toMatch(/^2 file\(s\) of old project versions removed, \d+ stale upload file\(s\) removed$/);
    expect(stored(projectFilePath(systemId, three.id, 1))).toBe(false);
    expect(stored(projectFilePath(systemId, three.id, 2))).toBe(false);
    expect(stored(projectFilePath(systemId, three.id, 3))).toBe(true);
    expect(stored(projectFilePath(systemId, three.id, 4))).toBe(true);
    expect(stored(projectFilePath(systemId, one.id, 1))).toBe(true);

    const again = await runTask(await taskRun("CleanUpProjects"));
    expect(again?.details).toMatchObject({ oldVersionFiles: 0 });
  });

  it("removes upload temp files not written for an hour, keeps younger ones", async () => {
    mkdirSync(resolveFile(UPLOADS_DIR), { recursive: true });
    const old = `${UPLOADS_DIR}/${randomUUID()}`;
    const young = `${UPLOADS_DIR}/${randomUUID()}`;
    writeFileSync(resolveFile(old), "partial");
    writeFileSync(resolveFile(young), "partial");
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(resolveFile(old), twoHoursAgo, twoHoursAgo);
    const outcome = await runTask(await taskRun("CleanUpProjects"));
    expect(outcome?.details).toMatchObject({ staleUploads: 1 });
    expect(stored(old)).toBe(false);
    expect(stored(young)).toBe(true);
  });
});

describe("DeleteProject", () => {
  it("removes the folders of deleted projects whose files stayed behind, keeps those of existing projects", async () => {
    const db = await getDb();
    const { id: systemId } = await makeSystem();
    const kept = await projectWithVersions(systemId, 1);
    const deleted = await projectWithVersions(systemId, 2);
    await deleteProjectService(db, { caller: await superAdmin(), id: deleted.id, input: { version: 2 } });
    expect(stored(projectDir(systemId, deleted.id))).toBe(false);
    // files left behind: a version upload that landed after the delete, a project gone with a stop in between
    await writeStoredFile(projectFilePath(systemId, deleted.id, 3), new Uint8Array([1]));
    const ghost = randomUUID();
    await writeStoredFile(projectFilePath(systemId, ghost, 1), new Uint8Array([1]));

    const outcome = await runTask(await taskRun("DeleteProject"));
    expect(outcome?.details).toMatchObject({ removed: 2 });
    expect(outcome?.message).toMatch(/^2 folder\(s\) of deleted projects removed, \d+ project folder\(s\) kept$/);
    expect(stored(projectDir(systemId, deleted.id))).toBe(false);
    expect(stored(projectDir(systemId, ghost))).toBe(false);
    expect(stored(projectFilePath(systemId, kept.id, 1))).toBe(true);

    const again = await runTask(await taskRun("DeleteProject"));
    expect(again?.details).toMatchObject({ removed: 0 });
  });
});

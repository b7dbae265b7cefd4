import { inArray } from "drizzle-orm";
import { projects } from "@/db/schema";
import { listStored, removeStored } from "@/lib/files/store";
import { log } from "@/lib/log";
import { projectDir, projectsDir } from "@/lib/projects/files";
import type { TaskFunction } from "./types";

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const folders = async (relative: string) => (await listStored(relative)).folders;

/**
 * DeleteProject (docs/decisions.md): finishes project deletions. Deleting a project (lib/projects/services/
 * delete-project.ts) removes its row, and with it everything in the database, then its folder of project files; a
 * process that stops between the two, a folder the file system would not remove at once, or a version upload that
 * lands after the delete leaves a project folder without a project. This task removes every such folder (also those of
 * projects gone with their system). A project's folder is written only after its row is committed, so a folder with no
 * row is never one being created. A system's run looks at that system's folder only.
 */
export const deleteProject: TaskFunction = async ({ db, systemId }) => {
  const systemIds = systemId ? [systemId] : (await folders("systems")).filter((name) => UUID.test(name));
  const found: { systemId: string; projectId: string }[] = [];
  for (const sid of systemIds) {
    for (const pid of await folders(projectsDir(sid))) if (UUID.test(pid)) found.push({ systemId: sid, projectId: pid });
  }
  const known = new Set<string>();
  for (let i = 0; i < found.length; i += 1000) {
    const ids = found.slice(i, i + 1000).map((f) => f.projectId);
    const rows = await db.select({ id: projects.id }).from(projects).where(inArray(projects.id, ids));
    for (const r of rows) known.add(r.id);
  }
  const orphans = found.filter((f) => !known.has(f.projectId));
  for (const o of orphans) await removeStored(projectDir(o.systemId, o.projectId));
  if (orphans.length) log.info({ task: "DeleteProject", removed: orphans.map((o) => o.projectId) }, "project folders removed");
  return {
    message: `${orphans.length} folder(s) of deleted projects removed, ${found.length - orphans.length} project folder(s) kept`,
    details: { removed: orphans.length, kept: found.length - orphans.length },
  };
};

import { eq } from "drizzle-orm";
import { projects } from "@/db/schema";
import { listStored, removeStored } from "@/lib/files/store";
import { removeStaleUploads } from "@/lib/input/upload-temp";
import { log } from "@/lib/log";
import { projectDir, versionOfFile } from "@/lib/projects/files";
import type { TaskFunction } from "./types";

/**
 * CleanUpProjects (docs/decisions.md): the stored files of projects beyond what is kept.
 *
 * - A project keeps the file of its current version only: processing reads the document classes from the project's
 *   row and the download (GET projects/{id}/download) serves the current version, so `v{n}.esproject` with n below the
 *   current version is read by nothing and removed. A file above the current version is an upload in flight (it is
 *   written before the version is counted up) and stays.
 * - Temporary upload files (DATA_DIR/files/uploads) not written for an hour are left by a process that died in an
 *   upload and are removed (each server process also sweeps its own now and then; this covers every node of the
 *   volume). Only the global run does this; a system's run looks at that system's projects only.
 */
export const cleanUpProjects: TaskFunction = async ({ db, systemId, now }) => {
  const rows = await db
    .select({ id: projects.id, systemId: projects.systemId, version: projects.version })
    .from(projects)
    .where(systemId ? eq(projects.systemId, systemId) : undefined);
  let versions = 0;
  for (const project of rows) {
    const dir = projectDir(project.systemId, project.id);
    for (const name of (await listStored(dir)).files) {
      const version = versionOfFile(name);
      if (version === null || version >= project.version) continue;
      await removeStored(`${dir}/${name}`);
      versions++;
    }
  }
  const uploads = systemId ? 0 : await removeStaleUploads(now);
  if (versions || uploads) log.info({ task: "CleanUpProjects", systemId, versions, uploads }, "project files removed");
  return {
    message: `${versions} file(s) of old project versions removed, ${uploads} stale upload file(s) removed`,
    details: { oldVersionFiles: versions, staleUploads: uploads, projects: rows.length },
  };
};

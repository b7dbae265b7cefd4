import { createHash } from "node:crypto";

/** DESIGN.md "Resources": where resource files live below DATA_DIR/files. */
export const RESOURCES_DIR = "resources";
/** the temporary upload files (the lock of one name while it is uploaded) */
export const RESOURCE_UPLOADS_DIR = `${RESOURCES_DIR}/.uploading`;

type Located = { level: string; systemId: string; projectId: string | null; poolId: string };

/** resources/{level}/{systemId}[/{projectId}]/{poolId}: one folder per pool */
export function poolDir(p: Located): string {
  return [RESOURCES_DIR, p.level, p.systemId, ...(p.projectId ? [p.projectId] : []), p.poolId].join("/");
}

/** A resource's file: named by its row's id, so any name (and a change of its case) is safe on disk. */
export function resourceFilePath(r: Located & { id: string }): string {
  return `${poolDir(r)}/${r.id}`;
}

/**
 * The temporary upload file of one resource name (case-insensitive): while it exists another upload of that name
 * answers 409 ResourceUploadInProgress.
 */
export function uploadLockPath(key: {
  systemId: string;
  level: string;
  projectId?: string | null;
  type: string;
  pool: string;
  name: string;
}): string {
  const id = [key.systemId, key.level, key.projectId ?? "", key.type, key.pool.toLowerCase(), key.name.toLowerCase()].join("\n");
  return `${RESOURCE_UPLOADS_DIR}/${createHash("sha256").update(id).digest("hex")}`;
}

/**
 * Where a project's files live below DATA_DIR/files: one folder per project, `systems/{system}/projects/{project}`,
 * holding the project file of each uploaded version as `v{version}.esproject` (../queries.ts projectFilePath).
 */

/** The folder of one system's projects. */
export function projectsDir(systemId: string): string {
  return `systems/${systemId}/projects`;
}

/** The folder of one project. */
export function projectDir(systemId: string, projectId: string): string {
  return `${projectsDir(systemId)}/${projectId}`;
}

const VERSION_FILE = /^v(\d+)\.esproject$/;

/** The version a file of a project's folder holds (`v3.esproject` → 3), or null for any other name. */
export function versionOfFile(name: string): number | null {
  const match = VERSION_FILE.exec(name);
  return match ? Number(match[1]) : null;
}

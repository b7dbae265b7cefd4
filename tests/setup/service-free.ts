/**
 * Test folders whose files never open a database or a queue: they run the same on PGlite and on PostgreSQL + Redis.
 * With TEST_SERVICES_ONLY=1 (.ci/run's second pass, after the whole suite ran on PGlite) the unit project leaves them
 * out; tests/setup/database.ts fails a file of these folders that opens a database or Redis, so the list stays true.
 */
export const SERVICE_FREE = ["lib/processing/", "lib/i18n/", "lib/learn/", "components/"];

/** whether a test file (absolute or relative path) lies in one of those folders */
export function isServiceFree(file: string, root: string): boolean {
  const relative = file.startsWith(root) ? file.slice(root.length).replace(/^\/+/, "") : file;
  return SERVICE_FREE.some((folder) => relative.startsWith(folder));
}

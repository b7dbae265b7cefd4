import path from "node:path";
import { type Database, type DbHandle, openedDbHandle, openPglite, openPostgres, setDbHandle } from "@/db/client";
import { databaseUrl, dataDir } from "@/lib/env";

/** The process-wide database: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR/pglite. Opened lazily. */
export function dbHandle(): DbHandle {
  const opened = openedDbHandle({ open: true });
  if (opened) return opened;
  // STACK.md: a page that reads the database calls `await connection()` first, or the build would open (and write) it
  if (process.env.NEXT_PHASE === "phase-production-build")
    throw new Error("next build may not open the database: the page reading it awaits connection() first");
  const url = databaseUrl();
  const handle = url ? openPostgres(url) : openPglite(path.join(dataDir(), "pglite"));
  setDbHandle(handle);
  return handle;
}

/** What the database needs at start-up besides its migrations: the first-start data (lib/setup registers its seed). */
export type StartStep = (db: Database) => Promise<void>;

type ReadyHolder = { ready?: Promise<DbHandle>; start?: StartStep };
// on globalThis: Next's server bundles (instrumentation, each route) share one start-up, and it survives hot reload
const holder = globalThis as typeof globalThis & { __docserviceReady?: ReadyHolder };
const ready = (): ReadyHolder => {
  holder.__docserviceReady ??= {};
  return holder.__docserviceReady;
};

/** The start-up step every process runs after the migrations (lib/setup/bootstrap.ts prepareStart). */
export function setStartStep(step: StartStep): void {
  ready().start = step;
}

/**
 * Migrates and runs the start-up step once per process; every request path awaits it before its first query. The
 * process's entry point (instrumentation.ts, workers/index.ts, a script) registers the step first, through lib/setup.
 */
export function databaseReady(handle: DbHandle = dbHandle()): Promise<DbHandle> {
  const h = ready();
  h.ready ??= (async () => {
    const start = h.start;
    if (!start) throw new Error("the database's start-up step is not registered: the entry point calls lib/setup's ensureReady");
    await handle.migrate();
    await start(handle.db);
    return handle;
  })().catch((error: unknown) => {
    h.ready = undefined;
    throw error;
  });
  return h.ready;
}

/** The ready database of this process. */
export async function getDb(): Promise<Database> {
  return (await databaseReady()).db;
}

/** Forget the memoised start-up (tests swap databases). */
export function resetReady(): void {
  ready().ready = undefined;
}

import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DbHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** checks the database answers (readiness probe) */
  ping: () => Promise<void>;
  /** applies the SQL migrations of drizzle/ */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

type Holder = { handle?: DbHandle; factory?: () => DbHandle };
const holder = globalThis as typeof globalThis & { __docserviceDb?: Holder };
holder.__docserviceDb ??= {};

const migrationsFolder = path.join(process.cwd(), "drizzle");
// any fixed number: serialises migrations of several processes starting at once on one PostgreSQL
const MIGRATION_LOCK = 4_912_501;

/** The initialised empty cluster made at build time (scripts/pglite-template.mjs), if there is one. */
function pgliteTemplate(): Blob | undefined {
  const file = path.join(process.cwd(), process.env.NEXT_DIST_DIR || ".next", "pglite-template.tgz");
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * PGlite in `dir`, or in memory without one. A new data directory starts from the build's template instead of running
 * initdb; `from` starts it from another dump of a data directory (the tests' migrated and seeded template).
 */
export function openPglite(dir?: string, from?: Blob): DbHandle {
  if (dir) mkdirSync(dir, { recursive: true });
  const loadDataDir = from ?? (dir && !existsSync(path.join(dir, "PG_VERSION")) ? pgliteTemplate() : undefined);
  // pg_trgm: the job monitor's "contains" filters read along trigram indexes (drizzle/0005)
  const extensions = { pg_trgm };
  const client = new PGlite({ dataDir: dir, loadDataDir, extensions });
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * postgres.js waits before it connects again after a lost connection, by default up to 20 s (3^n / 100 s), and the
 * queries queued meanwhile wait with it: while PostgreSQL is away, requests hung for up to 20 s before they failed or
 * went through. With a short wait each queued query tries a connection of its own at once and fails fast (503 with
 * Retry-After, lib/errors/database.ts); the waits never spin, since only a waiting query makes a connection attempt.
 */
const RECONNECT_BACKOFF_SECONDS = 0.05;

export function openPostgres(url: string, max = 10): DbHandle {
  const client = postgres(url, { max, onnotice: () => {}, backoff: () => RECONNECT_BACKOFF_SECONDS });
  const db = drizzlePostgres({ client, schema }) as unknown as Database;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await client`select 1`;
    },
    migrate: async () => {
      // one connection, so the advisory lock and the migration share a session
      const conn = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await conn`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migratePostgres(drizzlePostgres({ client: conn }), { migrationsFolder });
        await conn`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      } finally {
        await conn.end({ timeout: 5 });
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** Tests and scripts install their own handle (a fresh PGlite or a per-run PostgreSQL database). */
export function setDbHandle(handle: DbHandle | undefined): void {
  (holder.__docserviceDb as Holder).handle = handle;
}

/** Tests open their database lazily, on first use, through a factory. */
export function setDbFactory(factory: (() => DbHandle) | undefined): void {
  (holder.__docserviceDb as Holder).factory = factory;
}

/**
 * The handle opened so far, if any. With `open`, a test's factory (setDbFactory) opens it now; lib/db.ts opens the
 * process's own database from the environment when there is neither.
 */
export function openedDbHandle(options: { open?: boolean } = {}): DbHandle | undefined {
  const h = holder.__docserviceDb as Holder;
  if (!h.handle && options.open && h.factory) h.handle = h.factory();
  return h.handle;
}

export { schema };

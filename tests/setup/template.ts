import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "@/db/client";
import { seed } from "@/lib/setup/bootstrap";
import { TEST_ADMIN_PASSWORD } from "./admin";

/** Where the migrated and seeded database of this run lies: a PGlite data directory dump, or a PostgreSQL database. */
export type DbTemplate = { kind: "pglite"; file: string } | { kind: "postgres"; database: string };

declare module "vitest" {
  interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

/**
 * The database project's global setup: every migration and the seed run once per test run, into a template that each
 * test file copies (tests/setup/database.ts) instead of building its own. PGlite: an in-memory database dumped to a
 * tarball of its data directory; PostgreSQL (DATABASE_URL): a database that the files' `CREATE DATABASE … TEMPLATE`
 * copy. The seed is the real one, with the test admin's password.
 */
export default async function setup(project: TestProject) {
  process.env.ADMIN_PASSWORD ??= TEST_ADMIN_PASSWORD;
  const started = performance.now();
  let template: DbTemplate;
  let remove: () => Promise<void>;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = `docservice_template_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    const handle = openPostgres(url.toString(), 1);
    try {
      await handle.migrate();
      await seed(handle.db);
    } finally {
      // a template may have no open connection while it is copied
      await handle.close();
    }
    template = { kind: "postgres", database };
    remove = async () => {
      await admin.unsafe(`drop database if exists ${database} with (force)`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), "docservice-template-"));
    const handle = openPglite();
    await handle.migrate();
    await seed(handle.db);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir("none");
    await handle.close();
    const file = path.join(dir, "pglite.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    template = { kind: "pglite", file };
    remove = async () => rmSync(dir, { recursive: true, force: true });
  }
  console.log(`test database template (${template.kind}): migrated and seeded in ${Math.round(performance.now() - started)} ms`);
  project.provide("dbTemplate", template);
  return remove;
}

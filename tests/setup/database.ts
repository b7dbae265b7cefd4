import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { type DbHandle, openedDbHandle, openPglite, openPostgres, setDbFactory, setDbHandle } from "@/db/client";
import { resetReady } from "@/lib/db";
import { prepareStart } from "@/lib/setup/bootstrap";
import { TEST_ADMIN_PASSWORD } from "./admin";

// Every test file of the database project gets its own database, opened on first use: a copy of this run's migrated
// and seeded template (tests/setup/template.ts) — an in-memory PGlite loaded from the template's dump by default, or a
// database created from the template database on the PostgreSQL server of DATABASE_URL (dropped afterwards). Never a
// mock. Files that never query open nothing.
const tempDir = mkdtempSync(path.join(tmpdir(), "docservice-test-"));
process.env.DATA_DIR = tempDir;
process.env.ADMIN_PASSWORD ??= TEST_ADMIN_PASSWORD;
// BullMQ keys of this test file apart from any other user of the same Redis
process.env.QUEUE_PREFIX = `docservice-test-${randomBytes(4).toString("hex")}`;

let dropDatabase: (() => Promise<void>) | undefined;

function perFilePostgres(serverUrl: string, template: string): DbHandle {
  const name = `docservice_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 4);
  // tests that start worker processes point them at this file's database
  process.env.TEST_DATABASE_URL = url.toString();
  const migrate = handle.migrate;
  handle.migrate = async () => {
    await admin.unsafe(`create database ${name} template ${template}`);
    await migrate();
  };
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  return handle;
}

setDbHandle(undefined);
resetReady();
prepareStart();
setDbFactory(() => {
  const template = inject("dbTemplate");
  if (template.kind === "postgres") {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) throw new Error("the run's database template is on PostgreSQL, but DATABASE_URL is unset in this file");
    return perFilePostgres(serverUrl, template.database);
  }
  return openPglite(undefined, new Blob([readFileSync(template.file)]));
});

async function dropQueueKeys(): Promise<void> {
  const holder = (globalThis as { __docserviceRedis?: { redis?: import("ioredis").Redis } }).__docserviceRedis;
  const redis = holder?.redis;
  if (!redis) return;
  const keys = await redis.keys(`${process.env.QUEUE_PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  holder.redis = undefined;
}

afterAll(async () => {
  await dropQueueKeys();
  await openedDbHandle()?.close();
  await dropDatabase?.();
  setDbHandle(undefined);
  resetReady();
  rmSync(tempDir, { recursive: true, force: true });
});

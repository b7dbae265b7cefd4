import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, expect } from "vitest";
import { type DbHandle, openedDbHandle, openPglite, openPostgres, setDbFactory, setDbHandle } from "@/db/client";
import { resetReady } from "@/lib/setup/bootstrap";
import { isServiceFree } from "./service-free";

// Every test file that touches the database gets its own, opened on first use: an in-memory PGlite
// by default, or a fresh database on the PostgreSQL server of DATABASE_URL (created here, dropped
// afterwards). Never a mock. Files that never query open nothing.
const tempDir = mkdtempSync(path.join(tmpdir(), "docservice-test-"));
process.env.DATA_DIR = tempDir;
process.env.ADMIN_PASSWORD ??= "Admin-Passw0rd!";
// BullMQ keys of this test file apart from any other user of the same Redis
process.env.QUEUE_PREFIX = `docservice-test-${randomBytes(4).toString("hex")}`;

let dropDatabase: (() => Promise<void>) | undefined;

function perFilePostgres(serverUrl: string): DbHandle {
  const name = `docservice_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 4);
  // tests that start worker processes point them at this file's database
  process.env.TEST_DATABASE_URL = url.toString();
  const migrate = handle.migrate;
  handle.migrate = async () => {
    await admin.unsafe(`create database ${name}`);
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
/** A file listed in service-free.ts must not open a database or Redis: CI's PostgreSQL pass leaves it out. */
function refuseServiceFree(what: string): void {
  const file = expect.getState().testPath ?? "";
  if (isServiceFree(file, process.cwd()))
    throw new Error(`${file} opened ${what}, but tests/setup/service-free.ts lists its folder as service-free`);
}

setDbFactory(() => {
  refuseServiceFree("a database");
  return process.env.DATABASE_URL ? perFilePostgres(process.env.DATABASE_URL) : openPglite();
});

async function dropQueueKeys(): Promise<void> {
  const holder = (globalThis as { __docserviceRedis?: { redis?: import("ioredis").Redis } }).__docserviceRedis;
  const redis = holder?.redis;
  if (!redis) return;
  const keys = await redis.keys(`${process.env.QUEUE_PREFIX}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  holder.redis = undefined;
  refuseServiceFree("Redis");
}

afterAll(async () => {
  await dropQueueKeys();
  await openedDbHandle()?.close();
  await dropDatabase?.();
  setDbHandle(undefined);
  resetReady();
  rmSync(tempDir, { recursive: true, force: true });
});

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { type DbHandle, openPglite, openPostgres, setDbHandle } from "@/db/client";
import { ensureReady, resetReady } from "@/lib/setup/bootstrap";

// Every test file gets its own database: an in-memory PGlite by default, or a fresh database on the
// PostgreSQL server of DATABASE_URL (created here, dropped afterwards). Never a mock.
const tempDir = mkdtempSync(path.join(tmpdir(), "docservice-test-"));
process.env.DATA_DIR = tempDir;
process.env.ADMIN_PASSWORD ??= "Admin-Passw0rd!";

let handle: DbHandle | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `docservice_test_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    handle = openPostgres(url.toString(), 4);
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  } else {
    handle = openPglite();
  }
  setDbHandle(handle);
  resetReady();
  await ensureReady(handle);
});

afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
  setDbHandle(undefined);
  resetReady();
  rmSync(tempDir, { recursive: true, force: true });
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect } from "vitest";
import { setDbFactory, setDbHandle } from "@/db/client";

// The unit project (`npm run test:unit`): files that open no database, no queue and no server. A file that tries is
// refused with the way out, so the project's list in vitest.config.ts stays true.
const tempDir = mkdtempSync(path.join(tmpdir(), "docservice-unit-"));
process.env.DATA_DIR = tempDir;
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
setDbHandle(undefined);
setDbFactory(() => {
  throw new Error(
    `${expect.getState().testPath} opened a database: it belongs to the database project (DATABASE_TESTS in vitest.config.ts)`,
  );
});

afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

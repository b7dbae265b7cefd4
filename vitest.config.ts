import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * The test files that open a database or a queue (the database project). Every other test file beside the code is a
 * unit test: `npm run test:unit` runs those alone, and tests/setup/no-services.ts refuses a database opened there.
 */
const DATABASE_TESTS = [
  "tests/integration/**/*.test.ts",
  "workers/scheduler/functions/**/*.test.ts",
  "workers/learn/learn-worker.test.ts",
  // the server action builder, the route wrapper and the archive writer, through their real database
  "lib/actions/safe-action.test.ts",
  "lib/api/route-table.test.ts",
  "lib/downloads/archive.test.ts",
  "lib/downloads/archive-copy.test.ts",
];
const UNIT_TESTS = ["lib/**/*.test.ts", "workers/**/*.test.ts", "components/**/*.test.ts", "scripts/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    // sized for a busy 2-core machine: a test that needs longer says so itself
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry; two workers keep CI within its 2 cores
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: UNIT_TESTS, exclude: DATABASE_TESTS, setupFiles: ["tests/setup/no-services.ts"] },
      },
      {
        // each file copies the run's migrated and seeded template (tests/setup/template.ts), built only when one runs
        extends: true,
        test: {
          name: "database",
          include: DATABASE_TESTS,
          globalSetup: ["tests/setup/template.ts"],
          setupFiles: ["tests/setup/database.ts"],
        },
      },
      {
        // against a real `next start` (tests/server/global-setup.ts), started only when one of these files runs
        extends: true,
        test: {
          name: "server",
          include: ["tests/server/**/*.test.ts"],
          globalSetup: ["tests/server/global-setup.ts"],
        },
      },
    ],
  },
});

import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { SERVICE_FREE } from "./tests/setup/service-free";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers keep CI within its 2 cores
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "tests/integration/**/*.test.ts", "workers/**/*.test.ts", "components/**/*.test.ts"],
          setupFiles: ["tests/setup/database.ts"],
          // the second pass of .ci/run (PostgreSQL + Redis) runs only what a database or a queue can change
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_SERVICES_ONLY === "1" ? SERVICE_FREE.map((folder) => `${folder}**`) : []),
          ],
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

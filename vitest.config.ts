import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/integration/**/*.test.ts", "workers/**/*.test.ts", "components/**/*.test.ts"],
    setupFiles: ["tests/setup/database.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry; two workers keep CI within its 2 cores
    maxWorkers: 2,
  },
});

import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm run test:reliability`: the scale-out installation under faults (tests/reliability), on services of its own
// (Debian's PostgreSQL server binaries and redis-server), one file at a time; not part of `npm test`.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["tests/reliability/**/*.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});

import { readFileSync } from "node:fs";
import { defineConfig } from "@playwright/test";

const testKeys = JSON.parse(readFileSync("tests/fixtures/licence-keys.json", "utf8")) as { publicKey: string };

const PORT = Number(process.env.E2E_PORT || 3300);
export const ADMIN_PASSWORD = "Admin-Start1!";

// Debian's Chromium (never a downloaded browser); the flags keep it off the network.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  // CI machines are small and busy: give assertions room before calling a page broken
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // foundation.spec.ts meets the installation as it first starts (the admin's forced password change); every other
  // spec runs after it, in any order, and finds the admin in whichever state helpers.ts adminToken handles
  projects: [
    { name: "first-start", testMatch: /foundation\.spec\.ts/ },
    { name: "portal", testIgnore: /foundation\.spec\.ts/, dependencies: ["first-start"] },
  ],
  use: {
    baseURL: `http://localhost:${PORT}`,
    viewport: { width: 1280, height: 800 },
    screenshot: "only-on-failure",
    // no trace: recording one (screencast and DOM snapshots of every page, kept or not) made the run about a fifth
    // slower, and CI shows only the printed report; to debug locally: npx playwright test --trace retain-on-failure
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  webServer: {
    // a fresh embedded installation for every run
    command: "rm -rf .e2e-data && node scripts/start.mjs",
    url: `http://localhost:${PORT}/api/health/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: ".e2e-data",
      ADMIN_PASSWORD,
      // the e2e licences are signed with the test-only key pair
      LICENCE_PUBLIC_KEYS: testKeys.publicKey,
      NEXT_TELEMETRY_DISABLED: "1",
      // downloads.spec.ts: the archivers run 40 days ahead, so this run's audit trail lies in a complete month
      ARCHIVER_CLOCK_SHIFT_DAYS: "40",
      DATABASE_URL: "",
      REDIS_URL: "",
      // every spec signs in from 127.0.0.1 many times a minute; the limits themselves: tests/integration/limits.test.ts
      RATE_LIMIT_SIGNIN_PER_ADDRESS: "0",
      RATE_LIMIT_SIGNIN_PER_USER: "0",
      // webhooks.spec.ts posts to a receiver it starts on 127.0.0.1; the refusal itself: tests/integration/webhooks.test.ts
      WEBHOOK_ALLOW_PRIVATE: "true",
    },
  },
});

#!/usr/bin/env node
// `npm start`: builds once when no build exists, then serves the portal on PORT (default 3000).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const next = path.join(root, "node_modules", ".bin", "next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
// next.config.ts builds into and serves from NEXT_DIST_DIR (CI serves the end-to-end tests the build the tests made)
const distDir = process.env.NEXT_DIST_DIR || ".next";

if (!existsSync(path.join(root, distDir, "BUILD_ID"))) {
  console.log("No build found: building the portal once (next build)…");
  const build = spawnSync(next, ["build"], { cwd: root, env, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  spawnSync(process.execPath, [path.join(root, "scripts", "pglite-template.mjs")], { cwd: root, env, stdio: "inherit" });
}

const port = process.env.PORT || "3000";
// idle connections stay open 65 s: longer than the idle timeouts of clients (undici 4 s) and load balancers (60 s), so
// that they, not the server, close an idle connection and never send a request into one the server is closing
const server = spawn(next, ["start", "-p", port, "--keepAliveTimeout", "65000"], { cwd: root, env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// Added latency of a token-authenticated API call over unauthenticated ones. Target: < 1 ms added.
//   health: GET /api/health — public, reads no database (the route wrapper alone)
//   roles:  GET /api/users/adminRoles + bearer — the token check alone: a constant answer like health's
//   info:   GET /api/info — public, reads one settings row (a public call with one read)
//   user:   GET /api/users/{adminId} + bearer — session lookup by token hash (unique index, joined to
//           users and systems), then the user read
import { rmSync } from "node:fs";
import http from "node:http";
import { performance } from "node:perf_hooks";
import { fmt, isMain, otherCpuMeter, percentile, writeResults } from "./measure.mjs";
import { ADMIN_PASSWORD, ensureBuild, freshDir, prepareAdmin, startServer, stopServer, tmp, waitFor200 } from "./server.mjs";

const WARMUP = 200;
const COUNT = 2000;
const TARGET_MS = 1;
function get(agent, server, pathName, headers = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(server.url + pathName, { agent, headers }, (res) => {
      res.resume();
      res.on("end", () =>
        res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`${pathName}: ${res.statusCode}`)),
      );
    });
    req.on("error", reject);
  });
}

export async function authOverhead(server, { token, userId }) {
  const others = otherCpuMeter("auth-overhead");
  // one kept-alive socket: sequential requests, no connection set-up inside the measured time
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const calls = {
    health: () => get(agent, server, "/api/health"),
    info: () => get(agent, server, "/api/info"),
    roles: () => get(agent, server, "/api/users/adminRoles", { authorization: `Bearer ${token}` }),
    user: () => get(agent, server, `/api/users/${userId}`, { authorization: `Bearer ${token}` }),
  };
  const names = Object.keys(calls);
  const samples = Object.fromEntries(names.map((n) => [n, []]));
  // rounds of one call each, in rotating order, so drift (GC, JIT, a neighbour's load) hits all four alike
  for (let i = 0; i < WARMUP + COUNT; i++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(i + k) % names.length];
      const ms = await calls[name]();
      if (i >= WARMUP) samples[name].push(ms);
    }
  }
  agent.destroy();
  const stats = {};
  for (const name of names) {
    const s = samples[name].sort((a, b) => a - b);
    stats[name] = { median: percentile(s, 50), p95: percentile(s, 95) };
  }
  const tokenOnly = stats.roles.median - stats.health.median;
  const overInfo = stats.user.median - stats.info.median;
  const overHealth = stats.user.median - stats.health.median;
  const line = (n) => `${n} median ${fmt(stats[n].median, 2)} ms / p95 ${fmt(stats[n].p95, 2)} ms`;
  console.log(
    `auth-overhead (${COUNT} each, sequential): ${names.map(line).join("; ")}; ` +
      `added by the token: ${fmt(tokenOnly, 3)} ms (roles − health), ${fmt(overInfo, 3)} ms over info (public + one read), ${fmt(overHealth, 3)} ms over health (no DB) ` +
      `(target < ${TARGET_MS} ms)`,
  );
  const ms = (n) => `median ${fmt(stats[n].median, 2)} ms, p95 ${fmt(stats[n].p95, 2)} ms`;
  return [
    { measurement: "GET /api/health (public, no database) — baseline", value: ms("health"), target: "—", met: "n/a" },
    { measurement: "GET /api/info (public, one settings read) — baseline", value: ms("info"), target: "—", met: "n/a" },
    { measurement: "GET /api/users/adminRoles with bearer token (constant answer)", value: ms("roles"), target: "—", met: "n/a" },
    { measurement: "GET /api/users/{adminId} with bearer token", value: ms("user"), target: "—", met: "n/a" },
    {
      measurement: "token check alone (adminRoles − health, medians)",
      value: `${fmt(tokenOnly, 3)} ms`,
      target: "< 1 ms",
      met: tokenOnly < TARGET_MS ? "yes" : "**no**",
    },
    {
      measurement: "token auth added over a public call with one read (user − info, medians)",
      value: `${fmt(overInfo, 3)} ms`,
      target: "< 1 ms",
      met: overInfo < TARGET_MS ? "yes" : "**no**",
    },
    {
      measurement: "token auth + user read over no database at all (user − health, medians)",
      value: `${fmt(overHealth, 3)} ms`,
      target: "< 1 ms",
      met: overHealth < TARGET_MS ? "yes" : "**no**",
    },
    others(),
  ];
}

if (isMain(import.meta)) {
  ensureBuild(process.argv.includes("--build"));
  const dataDir = freshDir("auth");
  const server = await startServer({ port: 3430, dataDir, env: { ADMIN_PASSWORD } });
  try {
    await waitFor200(server, "/api/health");
    writeResults(await authOverhead(server, await prepareAdmin(server)));
  } finally {
    await stopServer(server);
    rmSync(tmp, { recursive: true, force: true });
  }
}

// Cold start to first page on the embedded default, then resident memory after some traffic.
// Targets: < 3 s from spawn to the first 200 of GET /login; < 600 MB resident.
import { rmSync } from "node:fs";
import { fmt, isMain, otherCpuMeter, treeMemoryMB, writeResults } from "./measure.mjs";
import { ADMIN_PASSWORD, ensureBuild, freshDir, startServer, stopServer, tmp, waitFor200 } from "./server.mjs";

const START_TARGET_MS = 3000;
const RSS_TARGET_MB = 600;
const REQUESTS = 200; // to each of /login and /api/info

async function drive(url, n) {
  for (let i = 0; i < n; i++) {
    for (const p of ["/login", "/api/info"]) {
      const res = await fetch(url + p);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET ${p} answered ${res.status}`);
    }
  }
}

export async function coldStart({ port = 3401 } = {}) {
  const others = otherCpuMeter("cold-start");
  const dataDir = freshDir("cold");
  const env = { ADMIN_PASSWORD };

  // 1. Fresh, empty DATA_DIR: PGlite creates the cluster, migrations and the seed run before the first page.
  let server = await startServer({ port, dataDir, env });
  const freshMs = await waitFor200(server);
  const freshListenMs = server.listenMs;
  const freshPeak = treeMemoryMB(server.pid).peak; // VmHWM: the high-water mark of initialising the database
  await stopServer(server); // fully gone before the second start: PGlite has no cross-process lock

  // 2. The same, now initialised DATA_DIR: the usual restart.
  server = await startServer({ port, dataDir, env });
  const warmMs = await waitFor200(server);
  const warmListenMs = server.listenMs;
  try {
    // 3. Resident memory of the warm server after REQUESTS page renders and REQUESTS API calls.
    await drive(server.url, REQUESTS);
    const mem = treeMemoryMB(server.pid);
    const rows = [
      {
        measurement: "cold start to first 200 of /login, fresh empty DATA_DIR",
        value: `${fmt(freshMs / 1000, 2)} s (port open after ${fmt(freshListenMs / 1000, 2)} s)`,
        target: "< 3 s",
        met: freshMs < START_TARGET_MS ? "yes" : "**no**",
      },
      {
        measurement: "start to first 200 of /login, initialised DATA_DIR",
        value: `${fmt(warmMs / 1000, 2)} s (port open after ${fmt(warmListenMs / 1000, 2)} s)`,
        target: "< 3 s",
        met: warmMs < START_TARGET_MS ? "yes" : "**no**",
      },
      {
        measurement: `server RSS after ${REQUESTS}× /login + ${REQUESTS}× /api/info (${mem.processes} process(es))`,
        value: `${fmt(mem.rss, 0)} MB`,
        target: "< 600 MB",
        met: mem.rss < RSS_TARGET_MB ? "yes" : "**no**",
      },
      {
        measurement: "peak RSS (VmHWM) of that server",
        value: `${fmt(mem.peak, 0)} MB`,
        target: "< 600 MB",
        met: mem.peak < RSS_TARGET_MB ? "yes" : "**no**",
      },
      {
        measurement: "peak RSS (VmHWM) of the first start, until its first page (fresh DATA_DIR)",
        value: `${fmt(freshPeak, 0)} MB`,
        target: "— (informational)",
        met: "n/a",
      },
      others(),
    ];
    console.log(
      `cold-start: first 200 of /login: fresh ${fmt(freshMs, 0)} ms (port open ${fmt(freshListenMs, 0)} ms), ` +
        `initialised ${fmt(warmMs, 0)} ms (port open ${fmt(warmListenMs, 0)} ms) (target < ${START_TARGET_MS} ms); ` +
        `RSS ${fmt(mem.rss, 0)} MB, peak ${fmt(mem.peak, 0)} MB (target < ${RSS_TARGET_MB} MB); ` +
        `first-start peak ${fmt(freshPeak, 0)} MB`,
    );
    return rows;
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta)) {
  ensureBuild(process.argv.includes("--build"));
  writeResults(await coldStart());
  rmSync(tmp, { recursive: true, force: true });
}

// `npm run bench`: build once into .next-bench, run the three measurements, write bench/RESULTS.md.
// `npm run bench -- --build` rebuilds first (after code changes).
import { rmSync } from "node:fs";
import { authOverhead } from "./auth-overhead.mjs";
import { coldStart } from "./cold-start.mjs";
import { machine, otherCpuMeter, writeResults } from "./measure.mjs";
import {
  ADMIN_PASSWORD,
  ensureBuild,
  freshDir,
  killAllStarted,
  prepareAdmin,
  startServer,
  stopServer,
  tmp,
  waitFor200,
} from "./server.mjs";
import { endToEnd, rawVerify, signinRows } from "./signin.mjs";

const m = machine();
console.log(`bench: ${m.cpu}, ${m.cores} cores, ${m.memGB} GB, Node ${m.node}`);
ensureBuild(process.argv.includes("--build"));

const rows = [];
let server;
try {
  // 1. its own servers: a cold one on a fresh DATA_DIR, then a restart on the initialised one
  rows.push(...(await coldStart({ port: 3401 })));

  // 2a. before any server runs, so the raw figure has the core to itself
  const signinOthers = otherCpuMeter("signin");
  const raw = rawVerify();

  // 2b and 3 share one server on a fresh DATA_DIR, whose admin has changed its first password
  server = await startServer({ port: 3410, dataDir: freshDir("shared"), env: { ADMIN_PASSWORD } });
  await waitFor200(server, "/api/health");
  const session = await prepareAdmin(server);
  const e2e = await endToEnd(server);
  rows.push(...signinRows(raw, e2e, signinOthers()));
  rows.push(...(await authOverhead(server, session)));

  writeResults(rows, { replace: true });
  console.log("bench: wrote bench/RESULTS.md");
} finally {
  if (server) await stopServer(server);
  killAllStarted(); // anything a failed step left behind (only groups this process started)
  rmSync(tmp, { recursive: true, force: true });
}

// Sign-ins per second with the chosen argon2id cost (lib/auth/passwords.ts).
// Target: >= 15 sign-ins per second per core (Keycloak's published figure).
import { rmSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { hashSync, verifySync } from "@node-rs/argon2";
import { fmt, isMain, otherCpuMeter, percentile, writeResults } from "./measure.mjs";
import {
  ADMIN_PASSWORD,
  api,
  ensureBuild,
  freshDir,
  loginBody,
  NEW_PASSWORD,
  prepareAdmin,
  startServer,
  stopServer,
  tmp,
  waitFor200,
} from "./server.mjs";

// the same cost as lib/auth/passwords.ts: argon2id (algorithm 2), 19 MiB, 2 passes, 1 lane
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const TARGET_PER_CORE = 15;
const cores = os.availableParallelism();

/** (a) verifySync in a loop: it blocks this thread, so it measures exactly one core. */
export function rawVerify(seconds = 3) {
  const hash = hashSync("Bench-Passw0rd!", ARGON2_OPTIONS);
  for (let i = 0; i < 3; i++) verifySync(hash, "Bench-Passw0rd!"); // warm-up
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    if (!verifySync(hash, "Bench-Passw0rd!")) throw new Error("verify failed");
    n++;
  }
  const perSecond = n / ((performance.now() - t0) / 1000);
  console.log(`signin (raw): ${fmt(perSecond)} argon2id verifies/s on one core (${fmt(1000 / perSecond)} ms each)`);
  return perSecond;
}

/** (b) POST /api/auth/login with `cores` requests in flight for ~seconds, correct password only. */
export async function endToEnd(server, seconds = 5) {
  const body = loginBody(NEW_PASSWORD);
  for (let i = 0; i < 3; i++) await api(server, "POST", "/api/auth/login", { body }); // warm-up
  const latencies = [];
  const end = performance.now() + seconds * 1000;
  const t0 = performance.now();
  const worker = async () => {
    while (performance.now() < end) {
      const s = performance.now();
      await api(server, "POST", "/api/auth/login", { body });
      latencies.push(performance.now() - s);
    }
  };
  await Promise.all(Array.from({ length: cores }, worker));
  const perSecond = latencies.length / ((performance.now() - t0) / 1000);
  latencies.sort((a, b) => a - b);
  const median = percentile(latencies, 50);
  console.log(
    `signin (end-to-end): ${fmt(perSecond)} logins/s with ${cores} in flight = ${fmt(perSecond / cores)}/s per core ` +
      `(target >= ${TARGET_PER_CORE}); median latency ${fmt(median)} ms, ${latencies.length} logins`,
  );
  return { perSecond, median, count: latencies.length };
}

export function signinRows(raw, e2e, others) {
  const perCore = e2e.perSecond / cores;
  return [
    {
      measurement: "argon2id verify (19 MiB, t=2, p=1), one core, in process",
      value: `${fmt(raw)} /s (${fmt(1000 / raw)} ms each)`,
      target: ">= 15 /s per core",
      met: raw >= TARGET_PER_CORE ? "yes" : "**no**",
    },
    {
      measurement: `sign-ins end-to-end, POST /api/auth/login, ${cores} in flight`,
      value: `${fmt(e2e.perSecond)} /s = ${fmt(perCore)} /s per core (median ${fmt(e2e.median, 0)} ms)`,
      target: ">= 15 /s per core",
      met: perCore >= TARGET_PER_CORE ? "yes" : "**no**",
    },
    others,
  ];
}

if (isMain(import.meta)) {
  ensureBuild(process.argv.includes("--build"));
  const others = otherCpuMeter("signin");
  const raw = rawVerify();
  const dataDir = freshDir("signin");
  const server = await startServer({ port: 3420, dataDir, env: { ADMIN_PASSWORD } });
  try {
    await waitFor200(server, "/api/health");
    await prepareAdmin(server);
    writeResults(signinRows(raw, await endToEnd(server), others()));
  } finally {
    await stopServer(server);
    rmSync(tmp, { recursive: true, force: true });
  }
}

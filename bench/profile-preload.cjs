// `node --require bench/profile-preload.cjs`: a CPU profile of this process into BENCH_PROFILE_DIR/<pid>.cpuprofile
// when it exits (bench/jobs.mjs --profile). NODE_OPTIONS may not carry --cpu-prof; a preload may, and it reaches the
// processes that `next start` and `npm run worker` spawn.
const fs = require("node:fs");
const inspector = require("node:inspector");
const path = require("node:path");

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 500 });
  session.post("Profiler.start");
  let written = false;
  process.on("exit", () => {
    if (written) return;
    written = true;
    // a session of the process's own thread answers synchronously, so this runs before the exit completes
    session.post("Profiler.stop", (err, result) => {
      if (err || !result) return;
      fs.mkdirSync(dir, { recursive: true });
      const name = `${path.basename(process.argv[1] ?? "node")}-${process.pid}.cpuprofile`;
      fs.writeFileSync(path.join(dir, name), JSON.stringify(result.profile));
    });
  });
}

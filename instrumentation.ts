/** Runs once when the Next server starts (never during the build): migrations, first-start seed, runner. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureReady } = await import("@/lib/setup/bootstrap");
  const { startInServer } = await import("@/workers/server");
  const { log } = await import("@/lib/log");
  // Not awaited: the server accepts connections while the database opens; every request awaits the
  // same start-up promise, and /api/health/ready reports it.
  void ensureReady()
    .then(async (handle) => {
      await startInServer();
      log.info({ database: handle.kind, queue: process.env.REDIS_URL ? "bullmq" : "in-process" }, "server ready");
    })
    .catch((err: unknown) => log.error({ err }, "start-up failed: the database is not ready"));
}

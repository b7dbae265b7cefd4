/** Runs once when the Next server starts (never during the build): migrations, first-start seed, runner. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureReady } = await import("@/lib/setup/bootstrap");
  const { startScheduling } = await import("@/lib/queue");
  const { log } = await import("@/lib/log");
  const handle = await ensureReady();
  await startScheduling();
  log.info({ database: handle.kind, queue: process.env.REDIS_URL ? "bullmq" : "in-process" }, "server ready");
}

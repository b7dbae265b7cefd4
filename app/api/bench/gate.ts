import type { NextRequest } from "next/server";
import { instrumented } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";

/**
 * The routes under /api/bench are baselines of the benchmarks (bench/README.md), built into every server but only
 * answered when it runs with BENCH_ROUTES=1; otherwise they are unknown paths like any other (404 in the envelope).
 */
export function benchRoutesEnabled(): boolean {
  return process.env.BENCH_ROUTES === "1";
}

/** A bench route's handler behind the gate: read at every request, so no build differs from another. */
export function benchOnly(handler: (req: NextRequest) => Promise<Response>): (req: NextRequest) => Promise<Response> {
  return (req) =>
    benchRoutesEnabled()
      ? handler(req)
      : instrumented(req, async () => {
          throw new AppError("NotFound");
        });
}

import type { NextRequest } from "next/server";
import { bearerToken, errorResponse } from "@/lib/api/route";
import { hasPermission } from "@/lib/auth/permissions";
import { callerFromToken } from "@/lib/auth/sessions";
import { AppError } from "@/lib/errors/app-error";
import { searchFloor } from "@/lib/jobs/search-floor";
import { ensureReady } from "@/lib/setup/bootstrap";
import { benchOnly } from "../gate";

/**
 * The floor of GET /api/v3/systems/{id}/jobs for bench/load.mjs (docs/decisions.md "Bench-only floor routes"): what no
 * search can skip — the bearer token's check and the permission — then the search's own SQL built once per query
 * string (lib/jobs/search-floor.ts), the caller's system taken from the token. No route wrapper (request id, log
 * line, metrics), no zod parsing after the first call, no system lookup, no DTOs. Answered only with BENCH_ROUTES=1.
 */
export const GET = benchOnly(async (req: NextRequest) => {
  try {
    const { db } = await ensureReady();
    const caller = await callerFromToken(db, bearerToken(req));
    if (!hasPermission(caller.roles, "ManageJobs")) throw new AppError("AccessDenied");
    return Response.json(await searchFloor(db, caller.systemId, req.nextUrl.searchParams));
  } catch (error) {
    return errorResponse(error, "bench");
  }
});

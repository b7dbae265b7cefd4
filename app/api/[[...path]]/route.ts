import type { NextRequest } from "next/server";
import { decodeSegments } from "@/lib/api/paths";
import { instrumented } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { isCleanName } from "@/lib/input/clean-strings";

/**
 * Unknown /api/... paths, /api itself included (an optional catch-all), answer 404 in the error envelope (DESIGN.md
 * "One error shape"). Paths that cannot be decoded come here too (next.config.ts rewrites them; the request keeps
 * its URL) and answer 400 InvalidPath.
 */
function notFound(req: NextRequest): Promise<Response> {
  return instrumented(req, async () => {
    const segments = decodeSegments(req.nextUrl.pathname);
    if (!segments?.every(isCleanName)) throw new AppError("InvalidPath");
    throw new AppError("NotFound");
  });
}

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };

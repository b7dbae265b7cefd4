import type { NextRequest } from "next/server";
import { instrumented } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";

// Unknown /api/... paths answer 404 in the error envelope (DESIGN.md "One error shape").
function notFound(req: NextRequest): Promise<Response> {
  return instrumented(req, async () => {
    throw new AppError("NotFound");
  });
}

export { notFound as DELETE, notFound as GET, notFound as PATCH, notFound as POST, notFound as PUT };

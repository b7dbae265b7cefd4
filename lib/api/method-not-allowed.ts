import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { instrumented } from "./route";
import { allowedMethods } from "./route-table";

/**
 * Every REST route module ends with `export * from "@/lib/api/method-not-allowed"`: the methods it does not
 * declare itself answer 405 in the error envelope with an `Allow` header (a module's own exports take precedence
 * over these). So the route guard (proxy.ts) need not run for /api at all: a proxy pass costs about as much as a
 * cheap API call itself.
 */
function notAllowed(req: NextRequest): Promise<Response> {
  return instrumented(req, async () => {
    const allowed = allowedMethods(req.nextUrl.pathname) ?? [];
    throw new AppError("MethodNotAllowed", { method: req.method }, { headers: { Allow: allowed.join(", ") } });
  });
}

/** The methods of the path, as `Allow` says (CORS preflights are not served: the API is same-origin or token-based). */
async function options(req: NextRequest): Promise<Response> {
  const allowed = allowedMethods(req.nextUrl.pathname) ?? [];
  return new Response(null, { status: 204, headers: { Allow: [...allowed, "OPTIONS"].join(", ") } });
}

export {
  notAllowed as DELETE,
  notAllowed as GET,
  notAllowed as PATCH,
  notAllowed as POST,
  notAllowed as PUT,
  options as OPTIONS,
};

import { createHash, timingSafeEqual } from "node:crypto";
import { metricsToken } from "@/lib/env";
import { AppError } from "@/lib/errors/app-error";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * GET /api/metrics answers only to `Authorization: Bearer <METRICS_TOKEN>`: without METRICS_TOKEN the endpoint does
 * not exist (404), without the header 401 MissingToken, with another token 401 InvalidToken (compared in constant
 * time). The token is the operator's, not a user's: it reaches no other call.
 */
export function assertMetricsToken(req: Request): void {
  const expected = metricsToken();
  if (!expected) throw new AppError("NotFound");
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  if (!match?.[1]) throw new AppError("MissingToken");
  if (!timingSafeEqual(digest(match[1]), digest(expected))) throw new AppError("InvalidToken");
}

import { AppError } from "./app-error";

/**
 * Whether an error says the database cannot be reached now (DESIGN.md error envelope: 503 ServiceUnavailable with
 * Retry-After, not 500): a connection refused, reset, closed or timed out (postgres.js and Node codes), or PostgreSQL
 * saying it is shutting down, starting up or out of connections (SQLSTATE class 08, 57P01–57P03, 53300). Drizzle
 * wraps the driver's error in `cause`: the chain is followed.
 */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** seconds a client is asked to wait before trying again while the database is away */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 ServiceUnavailable with Retry-After: the database cannot be reached now, or has not started */
export function databaseUnavailable(): AppError {
  return new AppError("ServiceUnavailable", undefined, {
    headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

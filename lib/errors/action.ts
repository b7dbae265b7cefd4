import { log } from "@/lib/log";
import { AppError, type ErrorEntry } from "./app-error";

/** What a server action answers a form: data, or the error entries to translate and show. */
export type ActionResult<T = void> = { ok: true; data: T } | { ok: false; errors: ErrorEntry[] };

export async function runAction<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (error) {
    return { ok: false, errors: shownErrors(error, "server action failed") };
  }
}

/**
 * What a form or a page shows of a failure: an AppError's entries; anything else is logged (`failed` says what
 * failed) and shown as InternalError. redirect() and notFound() signal by throwing: those are thrown on, for Next.
 */
export function shownErrors(error: unknown, failed: string): ErrorEntry[] {
  if (error && typeof error === "object" && "digest" in error) throw error;
  if (error instanceof AppError) return error.entries;
  log.error({ err: error }, failed);
  return [{ code: "InternalError", params: { requestId: "-" } }];
}

import { log } from "@/lib/log";
import { AppError, type ErrorEntry } from "./app-error";

/** What a server action answers a form: data, or the error entries to translate and show. */
export type ActionResult<T = void> = { ok: true; data: T } | { ok: false; errors: ErrorEntry[] };

export async function runAction<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (error) {
    // redirect() and notFound() signal by throwing; let Next handle them
    if (error && typeof error === "object" && "digest" in error) throw error;
    if (error instanceof AppError) return { ok: false, errors: error.entries };
    log.error({ err: error }, "server action failed");
    return { ok: false, errors: [{ code: "InternalError", params: { requestId: "-" } }] };
  }
}

import { notFound } from "next/navigation";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { log } from "@/lib/log";

/**
 * A statistics page's read: its value, or the entries of why it failed (shown as spec §8 statistics_error_load). A
 * project that is not one of the system's is the page's not-found.
 */
export async function loadStatistics<T>(read: () => Promise<T>): Promise<{ value: T } | { errors: ErrorEntry[] }> {
  try {
    return { value: await read() };
  } catch (error) {
    if (error instanceof AppError && error.entries.some((e) => e.code === "ProjectNotFound")) notFound();
    if (error instanceof AppError) return { errors: error.entries };
    // Next's own signals (not found, redirects) pass
    if (error && typeof error === "object" && "digest" in error) throw error;
    log.error({ err: error }, "statistics page: read failed");
    return { errors: [{ code: "InternalError", params: { requestId: "-" } }] };
  }
}

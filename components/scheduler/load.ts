import { notFound } from "next/navigation";
import { AppError, type ErrorEntry } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { loadClampedPage, type Paging, parsePaging } from "@/lib/paging";
import type { TaskRunPage } from "@/lib/scheduler/schemas";

/**
 * A page's read of the scheduler: its value, or the entries of why it failed (shown as spec §8
 * scheduler_error_load). A task that does not exist (or belongs to another system) is the page's not-found.
 */
export async function loadOrErrors<K extends string, T>(
  key: K,
  read: () => Promise<T>,
): Promise<{ [P in K]: T } | { errors: ErrorEntry[] }> {
  try {
    return { [key]: await read() } as { [P in K]: T };
  } catch (error) {
    if (error instanceof AppError && error.entries.some((e) => e.code === "TaskNotFound" || e.code === "NotFound")) notFound();
    if (error instanceof AppError) return { errors: error.entries };
    if (error && typeof error === "object" && "digest" in error) throw error;
    log.error({ err: error }, "scheduler page: read failed");
    return { errors: [{ code: "InternalError", params: { requestId: "-" } }] };
  }
}

/** The run history below a task's edit form: 10 runs a page unless the query asks for another page size. */
export const RUNS_PAGE_SIZE = 10;

export function runsPaging(query: Record<string, string | string[] | undefined>): Paging {
  const paging = parsePaging(query);
  return query.pageSize === undefined ? { ...paging, pageSize: RUNS_PAGE_SIZE } : paging;
}

/** The asked page of a task's runs (the last page instead when the asked one lies beyond it), or why it failed. */
export async function loadRuns(
  paging: Paging,
  read: (page: number) => Promise<TaskRunPage>,
): Promise<{ runs: TaskRunPage; page: number; pageSize: number } | { errors: ErrorEntry[] }> {
  const loaded = await loadOrErrors("result", () => loadClampedPage(paging, read));
  if ("errors" in loaded) return loaded;
  return { runs: loaded.result.result, page: loaded.result.page, pageSize: paging.pageSize };
}

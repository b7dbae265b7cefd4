import { type Loaded, loadOrErrors } from "@/components/portal/load";
import { loadClampedPage, type Paging, parsePaging } from "@/lib/paging";
import type { TaskRunPage } from "@/lib/scheduler/schemas";

/**
 * A page's read of the scheduler: its value, or why it failed (shown as spec §8 scheduler_error_load). A task that
 * does not exist (or belongs to another system) is the page's not-found.
 */
export function loadScheduler<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  return loadOrErrors(read, { what: "scheduler page", notFound: ["TaskNotFound"] });
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
): Promise<Loaded<{ runs: TaskRunPage; page: number; pageSize: number }>> {
  const loaded = await loadScheduler(() => loadClampedPage(paging, read));
  if ("errors" in loaded) return loaded;
  return { value: { runs: loaded.value.result, page: loaded.value.page, pageSize: paging.pageSize } };
}

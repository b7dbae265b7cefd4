import { type Loaded, loadOrErrors } from "@/components/portal/load";

/**
 * A statistics page's read: its value, or why it failed (shown as spec §8 statistics_error_load). A project that is
 * not one of the system's is the page's not-found.
 */
export function loadStatistics<T>(read: () => Promise<T>): Promise<Loaded<T>> {
  return loadOrErrors(read, { what: "statistics page", notFound: ["ProjectNotFound"] });
}

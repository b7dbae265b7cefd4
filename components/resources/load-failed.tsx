import { LoadFailed } from "@/components/portal/load-failed";
import type { ErrorEntry } from "@/lib/errors/app-error";

/** spec operations §8 resources_error_load: a resources page whose read failed. */
export function ResourcesLoadFailed({ errors }: { errors: ErrorEntry[] }) {
  return <LoadFailed errors={errors} message="resources.resources_error_load" testId="resources-load-error" />;
}

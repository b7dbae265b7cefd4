import os from "node:os";

/** spec operations §9: maxWorkerCount 0 means automatic, the number of logical CPUs. */
export function slotCount(maxWorkerCount: number): number {
  return maxWorkerCount > 0 ? maxWorkerCount : os.availableParallelism();
}

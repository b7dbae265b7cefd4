import os from "node:os";

/**
 * This process as a worker, one id for everything it does: the jobs it claims (jobs.worker_process_id), the learn runs
 * (learn_runs.worker_id), the scheduler tasks it locks and runs (scheduler_tasks.locked_by, the run history's
 * worker_id) and its row among the workers connected (worker_processes.id): host and pid. A later process with the
 * same id takes nothing over by it: every claim also needs the earlier one ended or run out (a job's also its attempt).
 */
export const WORKER_ID = `${os.hostname()}:${process.pid}`;

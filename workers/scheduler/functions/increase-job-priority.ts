import { and, eq, lt, sql } from "drizzle-orm";
import { jobs } from "@/db/schema";
import { log } from "@/lib/log";
import { syncJobDelivery } from "@/lib/queue/jobs";
import { TASK_CONFIG_SCHEMAS } from "@/lib/scheduler/functions";
import type { TaskFunction } from "./types";

/** spec operations §3 Job: priority 1..10; IncreaseJobPriority never goes beyond. */
export const MAX_JOB_PRIORITY = 10;

/**
 * IncreaseJobPriority (spec operations §3, §9; docs/decisions.md): every Waiting job below priority 10 whose wait has
 * lasted `increaseAfterHours` gets priority + 1. The wait counts from when the job was queued (created, restarted, or
 * given back by the ExtractionJobMonitor: `queuedAt`) or, once raised, from its last raise (`priorityRaisedAt`): so a
 * job goes up by at most one per run and per `increaseAfterHours`, however often the task runs. The queue learns the
 * new priority: the claim SQL orders Waiting jobs by priority, and with Redis the job's pending BullMQ delivery takes it
 * (lib/queue syncJobDelivery). A system's run covers that system's jobs only.
 */
export const increaseJobPriority: TaskFunction = async ({ db, systemId, now, task }) => {
  const { increaseAfterHours } = TASK_CONFIG_SCHEMAS.IncreaseJobPriority.parse(task.configuration);
  const due = new Date(now.getTime() - increaseAfterHours * 3_600_000);
  const waitingSince = sql`greatest(${jobs.queuedAt}, coalesce(${jobs.priorityRaisedAt}, ${jobs.queuedAt}))`;
  const raised = await db
    .update(jobs)
    .set({ priority: sql`${jobs.priority} + 1`, priorityRaisedAt: now })
    .where(
      and(
        eq(jobs.state, "Waiting"),
        lt(jobs.priority, MAX_JOB_PRIORITY),
        sql`${waitingSince} <= ${due.toISOString()}::timestamptz`,
        systemId ? eq(jobs.systemId, systemId) : undefined,
      ),
    )
    .returning({ id: jobs.id, priority: jobs.priority, restarts: jobs.restarts });
  for (const job of raised) await syncJobDelivery({ jobId: job.id, priority: job.priority, restarts: job.restarts });
  if (raised.length) log.info({ task: "IncreaseJobPriority", systemId, raised: raised.length }, "task done");
  return {
    message: `${raised.length} waiting job(s) raised by one priority (after ${increaseAfterHours} h)`,
    details: { raised: raised.length, increaseAfterHours },
  };
};

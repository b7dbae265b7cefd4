import { desc, eq } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobLogs, type LogLevel } from "@/db/schema/jobs";

/** How many log lines the details page shows at most (the newest ones). */
export const JOB_LOG_LINES_MAX = 1000;

export type JobLogLine = {
  id: number;
  time: string;
  level: LogLevel;
  message: string;
  /** the line as a code with parameters (lib/jobs/log-lines.ts); null for lines written before codes were kept */
  code: string | null;
  params: Record<string, string | number> | null;
};

/**
 * Server only: the newest log lines of one job, oldest first. The caller has already checked that the
 * job belongs to the system of the page.
 */
export async function jobLogLines(db: Database, jobId: number): Promise<{ lines: JobLogLine[]; truncated: boolean }> {
  const rows = await db
    .select({
      id: jobLogs.id,
      time: jobLogs.time,
      level: jobLogs.level,
      message: jobLogs.message,
      code: jobLogs.code,
      params: jobLogs.params,
    })
    .from(jobLogs)
    .where(eq(jobLogs.jobId, jobId))
    .orderBy(desc(jobLogs.id))
    .limit(JOB_LOG_LINES_MAX + 1);
  const truncated = rows.length > JOB_LOG_LINES_MAX;
  return {
    lines: rows
      .slice(0, JOB_LOG_LINES_MAX)
      .reverse()
      .map((r) => ({ ...r, time: r.time.toISOString() })),
    truncated,
  };
}

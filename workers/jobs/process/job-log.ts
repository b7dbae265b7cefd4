import type { Job, LogLevel } from "@/db/schema";
import { LOG_LEVELS } from "@/db/schema";
import { type JobLogCode, type LogParams, logLineText } from "@/lib/jobs/log-lines";

/** A line of a job's log (job_logs), written with the job's end (finish.ts). */
export type LogLine = { level: LogLevel; code: JobLogCode; params: LogParams; message: string; time: Date };

export function line(level: LogLevel, code: JobLogCode, params: LogParams): LogLine {
  return { level, code, params, message: logLineText(code, params), time: new Date() };
}

/** Writes a job's lines into `lines`, as far as the job's log level keeps them. */
export function logger(job: Job, lines: LogLine[]) {
  const threshold = LOG_LEVELS.indexOf(job.logLevel);
  return (level: LogLevel, code: JobLogCode, params: LogParams) => {
    // the job's log level decides what is kept (Off keeps nothing)
    if (job.logLevel !== "Off" && LOG_LEVELS.indexOf(level) <= threshold) lines.push(line(level, code, params));
  };
}

import { type ArchiveSummary, readArchiveSummary } from "@/lib/downloads/archive-summary";
import { ERROR_CODES, type ErrorCode, isErrorCode } from "@/lib/errors/codes";
import type { TaskRunDto } from "@/lib/scheduler/schemas";

/**
 * What a run's message stands for. The task functions write English sentences ("3 job(s) removed …"), shown as they
 * are; the messages the engine makes itself are recognised here so that the page shows them in the user's language:
 * a function that is not available, an error that is a bare code without parameters (an AppError thrown by a
 * function stores its code as its message), and an archiver's summary (what it wrote, or why nothing yet).
 */
export type RunMessage =
  | { kind: "text"; text: string }
  | { kind: "functionNotAvailable"; name: string }
  | { kind: "code"; code: ErrorCode }
  | { kind: "archive"; summary: ArchiveSummary };

/** workers/scheduler/engine.ts: `The function ${task.function} is not available.` */
const NOT_AVAILABLE = /^The function (\S+) is not available\.$/;

export function readRunMessage(message: string): RunMessage {
  const text = message.trim();
  const notAvailable = NOT_AVAILABLE.exec(text);
  if (notAvailable?.[1]) return { kind: "functionNotAvailable", name: notAvailable[1] };
  // a code whose text needs parameters has lost them in the message: shown as it is
  if (isErrorCode(text) && !ERROR_CODES[text].message.includes("{")) return { kind: "code", code: text };
  const summary = readArchiveSummary(text);
  if (summary) return { kind: "archive", summary };
  return { kind: "text", text: message };
}

/** A run's duration in seconds (DESIGN.md: 3 decimals); none while it has not finished. */
export function runSeconds(run: Pick<TaskRunDto, "started" | "finished">): number | null {
  if (!run.finished) return null;
  const ms = new Date(run.finished).getTime() - new Date(run.started).getTime();
  return Number.isFinite(ms) ? Math.max(0, ms) / 1000 : null;
}

import { type SQL, sql } from "drizzle-orm";
import { jobs } from "@/db/schema";
import { JOB_TRANSITIONS, type JobTransition } from "./rules";

/**
 * The database side of ./rules.ts JOB_TRANSITIONS: every statement that changes a job's state sets `enter(t)` and
 * asks `leaves(t)`, so a job only ever takes a transition of the table, also when two requests race.
 */

/** What transition `t` sets: the state it enters. */
export function enter<T extends JobTransition>(t: T): { state: (typeof JOB_TRANSITIONS)[T]["to"] } {
  return { state: JOB_TRANSITIONS[t].to };
}

/** The job is in a state `t` leaves. The states are literals in the SQL, so the queue's partial indexes apply. */
export function leaves(t: JobTransition): SQL {
  const states: readonly string[] = JOB_TRANSITIONS[t].from;
  const list = sql.raw(states.map((s) => `'${s}'`).join(", "));
  return states.length === 1 ? sql`${jobs.state} = ${list}` : sql`${jobs.state} in (${list})`;
}

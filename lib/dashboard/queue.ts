import { asc, ne, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { jobs, systems } from "@/db/schema";

/** The queue now: jobs waiting, in work (Assigned + Processing) and the creation time of the oldest one waiting. */
export type QueueFigures = { waiting: number; processing: number; oldestWaiting: Date | null };
export type SystemQueue = QueueFigures & { systemId: string; systemName: string; assigned: number };

// Each figure is read along an index, so the queue stays cheap at millions of jobs: per system the (system, state,
// created) index of the job monitor (a count of one range, the oldest one row), across systems the partial indexes of
// the queue (state = 'Waiting') and of the leases (Assigned, Processing) (db/schema/jobs.ts).
const waitingIn = (systemId: unknown) =>
  sql<number>`(select count(*) from ${jobs} where ${jobs.systemId} = ${systemId} and ${jobs.state} = 'Waiting')`.mapWith(Number);
const inStateIn = (systemId: unknown, state: "Assigned" | "Processing") =>
  sql<number>`(select count(*) from ${jobs} where ${jobs.systemId} = ${systemId} and ${jobs.state} = ${state})`.mapWith(Number);
const oldestIn = (systemId: unknown) =>
  sql<Date | null>`(select ${jobs.created} from ${jobs} where ${jobs.systemId} = ${systemId} and ${jobs.state} = 'Waiting'
    order by ${jobs.created} asc limit 1)`.mapWith(jobs.created);

/** The queue of one system (the system dashboard). */
export async function systemQueue(db: Database, params: { systemId: string }): Promise<QueueFigures> {
  const [row] = await db
    .select({
      waiting: waitingIn(params.systemId),
      assigned: inStateIn(params.systemId, "Assigned"),
      processing: inStateIn(params.systemId, "Processing"),
      oldestWaiting: oldestIn(params.systemId),
    })
    .from(sql`(select 1) as one`);
  return {
    waiting: row?.waiting ?? 0,
    processing: (row?.assigned ?? 0) + (row?.processing ?? 0),
    oldestWaiting: row?.oldestWaiting ?? null,
  };
}

/** The queue of every system but the Supersystem, by name (the admin dashboard's rows, the metrics' labels). */
export async function queueBySystem(db: Database): Promise<SystemQueue[]> {
  // qualified: drizzle writes the columns of a select's expressions without their table, and "id" is one of jobs too
  const system = sql.raw('"systems"."id"');
  const rows = await db
    .select({
      systemId: systems.id,
      systemName: systems.name,
      waiting: waitingIn(system),
      assigned: inStateIn(system, "Assigned"),
      processing: inStateIn(system, "Processing"),
      oldestWaiting: oldestIn(system),
    })
    .from(systems)
    .where(ne(systems.type, "Super"))
    .orderBy(asc(sql`lower(${systems.name})`));
  return rows.map((r) => ({ ...r, processing: r.assigned + r.processing }));
}

/** The queue across systems: the sums of queueBySystem and the oldest waiting job of all. */
export function totalQueue(bySystem: readonly SystemQueue[]): QueueFigures {
  let oldestWaiting: Date | null = null;
  for (const q of bySystem)
    if (q.oldestWaiting && (!oldestWaiting || q.oldestWaiting < oldestWaiting)) oldestWaiting = q.oldestWaiting;
  return {
    waiting: bySystem.reduce((n, q) => n + q.waiting, 0),
    processing: bySystem.reduce((n, q) => n + q.processing, 0),
    oldestWaiting,
  };
}

import type { Database } from "@/db/client";
import { jobSearchStatements } from "./queries";
import { type JobSearch, ZJobSearch } from "./schemas";

/**
 * The floor of the job search for the load bench (`npm run bench:load`, served only with BENCH_ROUTES=1 by
 * app/api/bench/job-search): the very SQL searchJobs sends for a search, built once per system and query string and then
 * sent as it is through the driver — no query building, no row mapping, no DTOs. What the search costs above this is
 * ours to tune.
 */
type Statement = { sql: string; params: unknown[] };
type Built = { count: Statement; page: Statement | undefined };

const built = new Map<string, Built>();

type PostgresClient = { unsafe: (sql: string, params: unknown[]) => { values: () => Promise<unknown[][]> } };
type PgliteClient = { query: (sql: string, params: unknown[], options: { rowMode: "array" }) => Promise<{ rows: unknown[][] }> };

function build(db: Database, systemId: string, search: JobSearch): Built {
  const { counting, paging } = jobSearchStatements(db, { systemId, search });
  return { count: counting.toSQL(), page: paging?.toSQL() };
}

/** Count and page of the search, as the driver returns them (rows as arrays, in the order of the select). */
export async function searchFloor(db: Database, systemId: string, query: URLSearchParams) {
  const key = `${systemId}?${query.toString()}`;
  let statements = built.get(key);
  if (!statements) {
    // the route's parsing, once: lower-case names as the contract's queryCaseInsensitive does
    const raw = Object.fromEntries([...query].map(([name, value]) => [name.toLowerCase(), value]));
    statements = build(db, systemId, ZJobSearch.parse(raw));
    built.set(key, statements);
  }
  const client = (db as unknown as { $client: PostgresClient | PgliteClient }).$client;
  const send = (st: Statement): Promise<unknown[][]> =>
    "unsafe" in client
      ? client.unsafe(st.sql, st.params).values()
      : client.query(st.sql, st.params, { rowMode: "array" }).then((r) => r.rows);
  const [count, rows] = await Promise.all([send(statements.count), statements.page ? send(statements.page) : []]);
  return { count: count[0]?.[0] ?? 0, rows };
}

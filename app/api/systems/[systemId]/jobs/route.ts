import { oldJobListContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { systemForCaller } from "@/lib/auth/tenancy";
import { searchJobs } from "@/lib/jobs/queries";
import { ZJobSearch } from "@/lib/jobs/schemas";

// the older list: start/count instead of page/pageSize (start is rounded down to a page of `count`)
export const GET = route(oldJobListContract, async ({ db, caller, params, query }) => {
  const system = await systemForCaller(db, caller, { id: params.id });
  const pagesize = query.count;
  const search = ZJobSearch.parse({
    orderby: query.sorting,
    includedeleted: query.includeRemoved,
    pagesize: String(pagesize),
    page: String(pagesize ? Math.floor(query.start / pagesize) : 0),
  });
  const { totalCount, items } = await searchJobs(db, { systemId: system.id, search });
  return { totalJobCount: totalCount, jobs: items };
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { oldJobListContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { isDeputyFor } from "@/lib/auth/permissions";
import { AppError } from "@/lib/errors/app-error";
import { searchJobs } from "@/lib/jobs/queries";
import { ZJobSearch } from "@/lib/jobs/schemas";
import { findSystemById } from "@/lib/systems/queries";

// the older list: start/count instead of page/pageSize (start is rounded down to a page of `count`)
export const GET = route(oldJobListContract, async ({ db, caller, params, query }) => {
  const system = await findSystemById(db, { id: params.id });
  if (!system || (caller.systemId !== system.id && !isDeputyFor(caller, system.name))) throw new AppError("SystemNotFound");
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

import { searchJobsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { systemForCaller } from "@/lib/auth/tenancy";
import { searchJobs } from "@/lib/jobs/queries";

export const GET = route(searchJobsContract, async ({ db, caller, params, query }) => {
  // the caller's own system was read (active) with the token: only another system needs a lookup
  if (params.id.toLowerCase() === caller.systemId) return searchJobs(db, { systemId: caller.systemId, search: query });
  const system = await systemForCaller(db, caller, { id: params.id });
  return searchJobs(db, { systemId: system.id, search: query });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

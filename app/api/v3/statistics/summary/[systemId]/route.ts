import { projectsStatisticsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readProjectsSummary } from "@/lib/statistics/queries";
import { statisticsRange } from "@/lib/statistics/schemas";

export const GET = route(projectsStatisticsContract, async ({ db, caller, params, query }) =>
  readProjectsSummary(db, { caller, systemId: params.systemId, range: statisticsRange(query) }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

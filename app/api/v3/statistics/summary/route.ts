import { systemsStatisticsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readSystemsSummary } from "@/lib/statistics/queries";
import { statisticsRange } from "@/lib/statistics/schemas";

export const GET = route(systemsStatisticsContract, async ({ db, caller, query }) =>
  readSystemsSummary(db, { caller, range: statisticsRange(query) }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

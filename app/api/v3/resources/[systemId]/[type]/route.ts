import { poolDetailsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listPoolDetails } from "@/lib/resources/queries";

export const GET = route(poolDetailsContract, ({ db, caller, params, query }) =>
  listPoolDetails(db, caller, { ...params, subtypeId: query.subtypeId }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { findSystemByNameContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getSystemForCaller } from "@/lib/systems/queries";

// GET systems/name/{name} with the name in the query: the documented form (docs/decisions.md "REST API")
export const GET = route(findSystemByNameContract, ({ db, caller, query }) =>
  getSystemForCaller(db, caller, { name: query.name }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

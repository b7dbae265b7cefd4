import { getSystemByNameContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { getSystemForCaller } from "@/lib/systems/queries";

// the spec's path; documented as an alias of GET systems/name?name= (docs/decisions.md "REST API")
export const GET = route(getSystemByNameContract, ({ db, caller, params }) =>
  getSystemForCaller(db, caller, { name: params.name }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { resourcePoolsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listResourcePools } from "@/lib/resources/queries";

// a static segment: Next matches it before the sibling [systemId]
export const GET = route(resourcePoolsContract, ({ db, caller, params }) => listResourcePools(db, caller, params.systemId));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

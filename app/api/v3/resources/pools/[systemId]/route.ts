import { resourceSubtypesContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listSubtypes } from "@/lib/resources/queries";

// a static segment: Next matches it before the sibling [systemId]
export const GET = route(resourceSubtypesContract, ({ db, caller, params }) => listSubtypes(db, caller, params.systemId));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

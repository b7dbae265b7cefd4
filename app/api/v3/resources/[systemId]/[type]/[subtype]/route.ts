import { deletePoolContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { deletePool } from "@/lib/resources/services/delete-pool";

/**
 * DELETE v3/resources/{system}/{level}/{pool}. Next allows one folder name per level, and the download below is
 * {systemId}/{type}/{subtype}/{name}: the folders say systemId/type/subtype, the contract's template names what
 * they hold here (system, level, pool; lib/api/route.ts takes the parameters from the template).
 */
export const DELETE = route(deletePoolContract, ({ db, caller, params }) =>
  deletePool(db, { caller, systemId: params.system, level: params.level, poolId: params.pool }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { systemIdsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listSystems } from "@/lib/systems/queries";

export const GET = route(systemIdsContract, async ({ db }) => (await listSystems(db)).map(({ id, name }) => ({ id, name })));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

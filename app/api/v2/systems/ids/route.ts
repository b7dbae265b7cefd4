import { systemIdsContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { listSystems } from "@/lib/systems/queries";

export const GET = route(systemIdsContract, async ({ db }) => (await listSystems(db)).map(({ id, name }) => ({ id, name })));

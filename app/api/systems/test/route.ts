import { testCsbContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { testCsbConnection } from "@/lib/systems/services/test-csb";

export const POST = route(testCsbContract, ({ db, caller, body }) => testCsbConnection(db, { caller, input: body }));

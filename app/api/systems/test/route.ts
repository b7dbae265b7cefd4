import { testCsbContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { testCsbConnection } from "@/lib/systems/services/test-csb";

export const POST = route(testCsbContract, ({ db, caller, body }) => testCsbConnection(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

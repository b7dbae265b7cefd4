import { configAllContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readConfigAll } from "@/lib/config/queries";

export const GET = route(configAllContract, ({ db, caller }) => readConfigAll(db, caller));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

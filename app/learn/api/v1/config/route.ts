import { getLearnConfigContract, putLearnConfigContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readLearnConfig } from "@/lib/config/queries";
import { updateLearnConfig } from "@/lib/config/services/update-learn-config";

export const GET = route(getLearnConfigContract, ({ db, caller }) => readLearnConfig(db, caller));
export const PUT = route(putLearnConfigContract, ({ db, caller, body }) => updateLearnConfig(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

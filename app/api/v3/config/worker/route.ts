import { getWorkerConfigContract, putWorkerConfigContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readWorkerConfig } from "@/lib/config/queries";
import { updateWorkerConfig } from "@/lib/config/services/update-worker-config";

export const GET = route(getWorkerConfigContract, ({ db, caller }) => readWorkerConfig(db, caller));
export const PUT = route(putWorkerConfigContract, ({ db, caller, body }) => updateWorkerConfig(db, { caller, input: body }));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

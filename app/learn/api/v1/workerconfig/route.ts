import { getLearnWorkerConfigContract, putLearnWorkerConfigContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readLearnWorkerConfig } from "@/lib/config/queries";
import { updateLearnWorkerConfig } from "@/lib/config/services/update-learn-worker-config";

export const GET = route(getLearnWorkerConfigContract, ({ db, caller }) => readLearnWorkerConfig(db, caller));
export const PUT = route(putLearnWorkerConfigContract, ({ db, caller, body }) =>
  updateLearnWorkerConfig(db, { caller, input: body }),
);

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { regenerateSubmissionKeyContract, submissionKeyContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { submissionKeyOf } from "@/lib/projects/queries";
import { regenerateSubmissionKey } from "@/lib/projects/services/regenerate-submission-key";

export const GET = route(submissionKeyContract, async ({ db, caller, params }) => ({
  submissionKey: await submissionKeyOf(db, { caller, id: params.id }),
}));
export const POST = route(regenerateSubmissionKeyContract, async ({ db, caller, params }) => ({
  submissionKey: await regenerateSubmissionKey(db, { caller, id: params.id }),
}));

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

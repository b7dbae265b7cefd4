import { uploadLearnProjectContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { uploadLearnProjectVersion } from "@/lib/learn/services/upload-learn-project-version";
import { readProjectUpload } from "@/lib/projects/upload";

export const POST = route(uploadLearnProjectContract, async ({ db, caller, params, req }) => {
  const { meta, file } = await readProjectUpload(db, req);
  return uploadLearnProjectVersion(db, { caller, id: params.id, meta, file });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { uploadProjectContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { uploadProjectVersion } from "@/lib/projects/services/upload-project-version";
import { readProjectUpload } from "@/lib/projects/upload";

export const POST = route(uploadProjectContract, async ({ db, caller, params, req }) => {
  const { meta, file } = await readProjectUpload(db, req);
  return uploadProjectVersion(db, { caller, id: params.id, meta, file });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

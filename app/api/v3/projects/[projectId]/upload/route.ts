import { uploadProjectContract } from "@/lib/api/contracts";
import { jsonPart, readForm } from "@/lib/api/multipart";
import { route } from "@/lib/api/route";
import { uploadProjectVersion } from "@/lib/projects/services/upload-project-version";
import { esprojectPart } from "@/lib/projects/upload";

export const POST = route(uploadProjectContract, async ({ db, caller, params, req }) => {
  const form = await readForm(req, 60 * 1024 * 1024);
  return uploadProjectVersion(db, { caller, id: params.id, meta: await jsonPart(form, "meta"), file: await esprojectPart(form) });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

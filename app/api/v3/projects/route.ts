import { addProjectContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { addProject } from "@/lib/projects/services/add-project";
import { readProjectUpload } from "@/lib/projects/upload";

export const POST = route(addProjectContract, async ({ db, caller, req }) => {
  const { meta, file } = await readProjectUpload(db, req);
  return addProject(db, { caller, meta, file });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

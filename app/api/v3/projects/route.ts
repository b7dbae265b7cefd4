import { addProjectContract } from "@/lib/api/contracts";
import { jsonPart, readForm } from "@/lib/api/multipart";
import { route } from "@/lib/api/route";
import { addProject } from "@/lib/projects/services/add-project";
import { esprojectPart } from "@/lib/projects/upload";

export const POST = route(addProjectContract, async ({ db, caller, req }) => {
  const form = await readForm(req, 60 * 1024 * 1024);
  return addProject(db, { caller, meta: await jsonPart(form, "meta"), file: await esprojectPart(form) });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { downloadLearnProjectContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { readStoredFile } from "@/lib/files/store";
import { learnProjectForCaller } from "@/lib/learn/queries";
import { projectFilePath } from "@/lib/projects/queries";

export const GET = route(downloadLearnProjectContract, async ({ db, caller, params }) => {
  const { project } = await learnProjectForCaller(db, caller, params.id);
  const bytes = await readStoredFile(projectFilePath(project.systemId, project.id, project.version));
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(`${project.name}.esproject`)}`,
    },
  });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

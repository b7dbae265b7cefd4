import { downloadJobContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { assertCanReadJob } from "@/lib/jobs/access";
import { jobZip } from "@/lib/jobs/download";
import { loadJob } from "@/lib/jobs/queries";

export const GET = route(downloadJobContract, async ({ db, caller, params, query }) => {
  const loaded = await loadJob(db, params.id);
  assertCanReadJob(loaded, { id: params.id, caller, auth: query.auth });
  const zip = await jobZip(loaded.files);
  return new Response(new Uint8Array(zip), {
    headers: { "content-type": "application/zip", "content-disposition": `attachment; filename="job-${loaded.job.id}.zip"` },
  });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

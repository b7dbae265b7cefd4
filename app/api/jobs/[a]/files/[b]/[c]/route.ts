import { jobFileContract } from "@/lib/api/contracts";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { readStoredFile } from "@/lib/files/store";
import { assertCanReadJob } from "@/lib/jobs/access";
import { loadJob } from "@/lib/jobs/queries";

// [a] job id, [b] order|work|result, [c] file name
export const GET = route(jobFileContract, async ({ db, caller, params, query }) => {
  const loaded = await loadJob(db, params.id);
  assertCanReadJob(loaded, { id: params.id, caller, auth: query.auth });
  const file = loaded.files.find((f) => f.kind === params.kind && f.name === params.file);
  if (!file) throw new AppError("NotFound");
  const bytes = await readStoredFile(file.path);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": file.contentType,
      "content-length": String(bytes.byteLength),
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    },
  });
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

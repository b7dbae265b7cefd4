import { createHash } from "node:crypto";
import { stat } from "node:fs/promises";
import { jobFileContract } from "@/lib/api/contracts";
import { fileResponse } from "@/lib/api/ranges";
import { route } from "@/lib/api/route";
import { AppError } from "@/lib/errors/app-error";
import { resolveFile } from "@/lib/files/store";
import { readJob } from "@/lib/jobs/queries";

export const GET = route(jobFileContract, async ({ db, caller, params, query, req }) => {
  const loaded = await readJob(db, { id: params.id, caller, auth: query.auth });
  const file = loaded.files.find((f) => f.kind === params.kind && f.name === params.file);
  if (!file) throw new AppError("NotFound");
  const path = resolveFile(file.path);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new AppError("NotFound");
  // a job's file never changes once written (a restart writes a new attempt's): its path and size tag it
  const etag = `"${createHash("sha256").update(`${file.path}:${info.size}`).digest("hex").slice(0, 32)}"`;
  if (req.headers.get("if-none-match")?.includes(etag)) return new Response(null, { status: 304, headers: { etag } });
  return fileResponse(
    req,
    { path, size: info.size },
    {
      "content-type": file.contentType,
      "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      etag,
      "cache-control": "private, no-cache",
    },
  );
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import { downloadDownloadContract } from "@/lib/api/contracts";
import { fileResponse } from "@/lib/api/ranges";
import { route } from "@/lib/api/route";
import { openDownload } from "@/lib/downloads/queries";

export const GET = route(downloadDownloadContract, async ({ db, caller, params, req }) => {
  const { path, size, fileName } = await openDownload(db, { caller, id: params.id });
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return fileResponse(
    req,
    { path, size },
    {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    },
  );
});

// the methods this path does not have: 405 in the error envelope
export * from "@/lib/api/method-not-allowed";

import type { NextRequest } from "next/server";
import type { Database } from "@/db/client";
import { jsonField, readMultipart } from "@/lib/input/multipart";
import { fileBytes } from "@/lib/input/upload-temp";
import { uploadLimits } from "@/lib/settings/upload-limits";

/**
 * A project upload (multipart `esproject` + `meta`), parsed as it arrives and refused once the project file passes
 * `maxProjectFileBytes` of the service configuration; the reader then gets the file's bytes (at most that limit).
 */
export async function readProjectUpload(db: Database, req: NextRequest): Promise<{ meta: unknown; file: Uint8Array | null }> {
  const { maxProjectFileBytes } = await uploadLimits(db);
  const body = await readMultipart(req, {
    limits: { fileBytes: maxProjectFileBytes, totalBytes: maxProjectFileBytes, files: 1 },
    fileFields: ["esproject"],
    textFields: ["meta"],
  });
  try {
    const [part] = body.files;
    return { meta: jsonField(body, "meta"), file: part ? await fileBytes(part) : null };
  } finally {
    await body.cleanup();
  }
}

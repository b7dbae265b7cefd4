import type { NextRequest } from "next/server";
import type { Database } from "@/db/client";
import { jsonField, readMultipart } from "@/lib/input/multipart";
import { uploadLimits } from "@/lib/settings/upload-limits";
import type { ResourceUpload } from "./services/upload-resource";

/**
 * A resource upload (multipart `resourceFile` + `meta`), parsed as it arrives and refused (413) once the file passes
 * the service configuration's `maxProjectFileBytes` (resources are project material: one limit for both,
 * docs/decisions.md "Resources"). A large file stays in its temp file and is moved into place, never copied.
 * `use` runs while the body's temp files exist; they are removed after it.
 */
export async function withResourceUpload<T>(
  db: Database,
  req: NextRequest,
  use: (upload: { meta: unknown; file: ResourceUpload | null }) => Promise<T>,
): Promise<T> {
  const { maxProjectFileBytes } = await uploadLimits(db);
  const body = await readMultipart(req, {
    limits: { fileBytes: maxProjectFileBytes, totalBytes: maxProjectFileBytes, files: 1 },
    fileFields: ["resourceFile"],
    textFields: ["meta"],
  });
  try {
    const [part] = body.files;
    const file = part ? { name: part.name, bytes: part.bytes, tempPath: part.tempPath } : null;
    return await use({ meta: jsonField(body, "meta"), file });
  } finally {
    await body.cleanup();
  }
}

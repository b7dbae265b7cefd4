import type { ErrorParams } from "@/lib/errors/app-error";
import { formatBytes } from "./bytes";

/**
 * An error entry's parameters as its text shows them: a size in bytes also readable (`size`: "50 MB", "1,5 MB"), as
 * the upload limits are shown everywhere. The API's parameters stay bytes.
 */
export function readableErrorParams(code: string, params: ErrorParams, locale: string): ErrorParams {
  if (code === "PayloadTooLarge" && typeof params.limit === "number")
    return { ...params, size: formatBytes(locale, params.limit) };
  return params;
}

import type { JobFileKind } from "@/db/schema/jobs";

/** GET /api/jobs/{id}/download: the job's files as a zip; the browser session authorises it (same origin). */
export function jobDownloadHref(id: number): string {
  return `/api/jobs/${id}/download`;
}

/** GET /api/jobs/{id}/files/{order|work|result}/{name}. */
export function jobFileHref(id: number, kind: JobFileKind, name: string): string {
  return `/api/jobs/${id}/files/${kind}/${encodeURIComponent(name)}`;
}

"use client";

import type { ErrorEntry } from "@/lib/errors/app-error";

export type UploadResult = { ok: true; json: unknown } | { ok: false; errors: ErrorEntry[] };

/**
 * A multipart upload with progress (DESIGN.md: every long operation shows progress). XMLHttpRequest,
 * because fetch reports no upload progress; the browser session authenticates it (same origin).
 */
export function uploadWithProgress(url: string, form: FormData, onProgress: (percent: number) => void): Promise<UploadResult> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ ok: true, json });
      const errors = (json as { errors?: ErrorEntry[] } | undefined)?.errors ?? [{ code: "BadRequest" as const }];
      resolve({
        ok: false,
        errors: errors.map((e) => ({
          code: e.code,
          params: (e as { messageParameter?: ErrorEntry["params"] }).messageParameter ?? undefined,
        })),
      });
    };
    xhr.onerror = () => resolve({ ok: false, errors: [{ code: "ServiceUnavailable" }] });
    xhr.send(form);
  });
}

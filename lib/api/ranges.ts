import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { AppError } from "@/lib/errors/app-error";

/**
 * Issue 26 §2: file downloads honour `Range` (RFC 9110 §14): one range of bytes (`bytes=0-99`, `bytes=100-`,
 * `bytes=-100`) answers 206 with `Content-Range`; a range outside the file 416 RangeNotSatisfiable with
 * `Content-Range: bytes *\/size`; several ranges, or a header that is no byte range, the whole file (200), as the RFC
 * allows. Every answer says `Accept-Ranges: bytes`.
 */
export function byteRange(header: string | null, size: number): { start: number; end: number } | null {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  let start: number;
  let end: number;
  if (first === "") {
    // the last N bytes
    const n = Number(last);
    if (n === 0) throw unsatisfiable(header, size);
    start = Math.max(0, size - n);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== "" && Number(last) < start) return null;
  }
  if (start >= size) throw unsatisfiable(header, size);
  return { start, end };
}

function unsatisfiable(range: string, size: number): AppError {
  return new AppError("RangeNotSatisfiable", { range: range.trim(), size }, { headers: { "content-range": `bytes */${size}` } });
}

/** A stored file's answer: all of it, or the requested range (206). `headers` are the file's own (type, disposition). */
export function fileResponse(
  req: Request,
  file: { path: string; size: number } | { bytes: Uint8Array },
  headers: Record<string, string>,
): Response {
  const size = "bytes" in file ? file.bytes.byteLength : file.size;
  const range = byteRange(req.headers.get("range"), size);
  const [start, end] = range ? [range.start, range.end] : [0, size - 1];
  const body =
    "bytes" in file
      ? file.bytes.subarray(start, end + 1)
      : size === 0
        ? new Uint8Array(0)
        : (Readable.toWeb(createReadStream(file.path, { start, end })) as ReadableStream<Uint8Array>);
  return new Response(body as BodyInit, {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      "accept-ranges": "bytes",
      "content-length": String(range ? end - start + 1 : size),
      ...(range ? { "content-range": `bytes ${start}-${end}/${size}` } : {}),
    },
  });
}

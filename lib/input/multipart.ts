import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { resolveFile } from "@/lib/files/store";
import { isCleanName, isCleanText } from "@/lib/input/clean-strings";
import { assertCleanStrings, printable } from "./clean-strings";
import { sweepStaleUploads, UPLOADS_DIR, type UploadedFile } from "./upload-temp";

/**
 * Limits of one multipart upload (lib/config/upload-limits.ts: from the service configuration). The body is parsed
 * as it arrives (@fastify/busboy) and refused as soon as a limit is passed; it is never held whole in memory.
 */
export type MultipartLimits = {
  /** bytes of one file part */
  fileBytes: number;
  /** bytes of all file parts together */
  totalBytes: number;
  /** number of file parts */
  files: number;
  /** the error when there are more files (a job's InvalidOrderFile, …) */
  tooManyFiles?: () => AppError;
};

export type MultipartBody = {
  /** text fields by name (the last of repeated names wins) */
  fields: Map<string, string>;
  files: UploadedFile[];
  /** removes the temp files that were not moved away; call it in `finally` */
  cleanup: () => Promise<void>;
};

/** Text fields (such as the `meta` JSON) and the part headers are small: 1 MiB each at most. */
export const FIELD_MAX_BYTES = 1024 * 1024;
/** Multipart framing and text fields on top of the files. */
const OVERHEAD_BYTES = 2 * FIELD_MAX_BYTES;
/** File bytes one request may keep in memory; beyond, files go to temp files (the job intake's files are small). */
const MEMORY_BUDGET_BYTES = 4 * 1024 * 1024;

function concat(chunks: Buffer[], size: number): Uint8Array {
  return chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size);
}

/** Resolves when a part's stream is done, whichever way (ended, or destroyed after a failure). */
function settled(stream: BusboyFileStream): Promise<void> {
  return new Promise((resolve) => {
    stream.once("end", resolve);
    stream.once("close", resolve);
    stream.once("error", () => resolve());
  });
}

/**
 * Reads a multipart/form-data body of `req` as it arrives. Files of `fileFields` are kept; a file part of a
 * `textFields` name (a `meta` JSON sent as a file) is read as text; every other part is read past, but counted.
 * A declared Content-Length over the limit is refused before anything is read; any body when its bytes pass it.
 * The body is fed to the parser straight from its reader with events, no stream adapters: the measured job intake
 * (one small file) pays less than for `req.formData()`.
 */
export async function readMultipart(
  req: NextRequest,
  opts: { limits: MultipartLimits; fileFields: readonly string[]; textFields: readonly string[] },
): Promise<MultipartBody> {
  const { limits } = opts;
  const bodyLimit = limits.totalBytes + OVERHEAD_BYTES;
  const fileLimit = Math.min(limits.fileBytes, limits.totalBytes);
  const tooLarge = (limit: number) => new AppError("PayloadTooLarge", { limit });
  const tooManyFiles = () => limits.tooManyFiles?.() ?? new AppError("InvalidMultipart");
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError("InvalidMultipart");
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > bodyLimit) throw tooLarge(limits.totalBytes);
  if (!req.body) throw new AppError("InvalidMultipart");
  sweepStaleUploads();

  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  const temps: string[] = [];
  const outs: WriteStream[] = [];
  const work: Promise<void>[] = [];
  const open = new Set<BusboyFileStream>();
  const abort = new AbortController();
  let failure: unknown;
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error;
    abort.abort();
    for (const stream of open) stream.destroy();
    for (const out of outs) out.destroy();
  };
  let fileBytes = 0;
  let memory = 0;
  let kept = 0;

  const parser = Busboy({
    headers: { "content-type": contentType },
    limits: {
      fileSize: fileLimit,
      files: limits.files + opts.textFields.length,
      fieldSize: FIELD_MAX_BYTES,
      fields: 100,
      parts: limits.files + 100,
    },
  });

  /** Keeps a file: its chunks in memory while the request's budget lasts, then in a temp file (with back-pressure). */
  const keepFile = (upload: UploadedFile, stream: BusboyFileStream): Promise<void> => {
    const held: Buffer[] = [];
    let out: WriteStream | undefined;
    let written: Promise<void> = Promise.resolve();
    stream.on("data", (chunk: Buffer) => {
      upload.size += chunk.byteLength;
      fileBytes += chunk.byteLength;
      if (fileBytes > limits.totalBytes) return fail(tooLarge(limits.totalBytes));
      if (!out && memory + chunk.byteLength <= MEMORY_BUDGET_BYTES) {
        memory += chunk.byteLength;
        held.push(chunk);
        return;
      }
      if (!out) {
        mkdirSync(resolveFile(UPLOADS_DIR), { recursive: true });
        upload.tempPath = `${UPLOADS_DIR}/${randomUUID()}`;
        temps.push(upload.tempPath);
        const file = createWriteStream(resolveFile(upload.tempPath), { flags: "wx" });
        out = file;
        outs.push(file);
        file.once("error", fail);
        written = new Promise((resolve) => file.once("close", resolve));
        for (const h of held.splice(0)) file.write(h);
      }
      if (!out.write(chunk)) {
        stream.pause();
        out.once("drain", () => stream.resume());
      }
    });
    // refused the moment the file passes its limit (busboy would read the rest of the part first)
    stream.once("limit", () => fail(tooLarge(fileLimit)));
    stream.once("end", () => {
      if (out) out.end();
      else upload.bytes = concat(held, upload.size);
    });
    return settled(stream).then(() => written);
  };

  parser.on("file", (field, stream, name, _encoding, type) => {
    if (failure !== undefined) return stream.destroy();
    if (!isCleanName(field) || !isCleanName(name)) {
      stream.destroy();
      return fail(new AppError("InvalidCharacters", { field: `${printable(field)}.fileName` }));
    }
    if (opts.textFields.includes(field)) {
      open.add(stream);
      work.push(readTextPart(field, stream, fields, fail));
    } else if (opts.fileFields.includes(field)) {
      if (++kept > limits.files) {
        stream.destroy();
        return fail(tooManyFiles());
      }
      open.add(stream);
      // in the order of the parts, whenever each ends
      const upload: UploadedFile = { field, name, contentType: type, size: 0 };
      files.push(upload);
      work.push(keepFile(upload, stream));
    } else {
      stream.resume();
    }
  });
  parser.on("field", (field, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) return fail(tooLarge(FIELD_MAX_BYTES));
    if (!isCleanName(field) || !isCleanText(value)) return fail(new AppError("InvalidCharacters", { field: printable(field) }));
    fields.set(field, value);
  });
  parser.on("filesLimit", () => fail(tooManyFiles()));
  parser.on("partsLimit", () => fail(new AppError("InvalidMultipart")));
  parser.on("fieldsLimit", () => fail(new AppError("InvalidMultipart")));
  // a body that ends early or does not parse as multipart
  parser.on("error", () => fail(new AppError("InvalidMultipart")));
  const finished = new Promise<void>((resolve) => parser.once("finish", resolve));

  const reader = req.body.getReader();
  let received = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || failure !== undefined) break;
      received += value.byteLength;
      if (received > bodyLimit) {
        fail(tooLarge(limits.totalBytes));
        break;
      }
      if (!parser.write(value)) await once(parser, "drain", { signal: abort.signal });
    }
    if (failure === undefined) {
      parser.end();
      await Promise.race([finished, once(abort.signal, "abort")]);
    }
  } catch (error) {
    fail(error instanceof AppError ? error : new AppError("InvalidMultipart"));
  }
  await Promise.all(work);
  const cleanup = async () => {
    await Promise.all(temps.map((t) => rm(resolveFile(t), { force: true })));
  };
  if (failure !== undefined) {
    reader.cancel().catch(() => {});
    await cleanup();
    // an AppError, or a fault of the file system (a 500, logged)
    throw failure;
  }
  return { fields, files, cleanup };
}

function readTextPart(
  field: string,
  stream: BusboyFileStream,
  fields: Map<string, string>,
  fail: (error: unknown) => void,
): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  stream.on("data", (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size > FIELD_MAX_BYTES) return fail(new AppError("PayloadTooLarge", { limit: FIELD_MAX_BYTES }));
    chunks.push(chunk);
  });
  stream.once("end", () => {
    const text = Buffer.concat(chunks, size).toString("utf8");
    if (!isCleanText(text)) return fail(new AppError("InvalidCharacters", { field: printable(field) }));
    fields.set(field, text);
  });
  return settled(stream);
}

/** A JSON part (a text field, or a file part of type application/json) with clean strings, or undefined. */
export function jsonField(body: MultipartBody, name: string): unknown {
  const text = body.fields.get(name);
  if (text === undefined || !text.trim()) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("InvalidJson");
  }
  assertCleanStrings(json, name);
  return json;
}

import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, readdir, readFile, rm, stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";
import { resolveFile } from "@/lib/files/store";
import { log } from "@/lib/log";
import { assertCleanStrings, printable } from "./clean-strings";
import { isCleanName, isCleanText } from "./paths";

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

/** A file part: held in memory while the request's small budget lasts, else streamed to a temp file. */
export type UploadedFile = {
  field: string;
  name: string;
  contentType: string;
  size: number;
  /** the bytes, when they were small enough to keep */
  bytes?: Uint8Array;
  /** else the temp file (relative to the file store, below `uploads/`), moved or removed by `cleanup` */
  tempPath?: string;
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
/** Temp files of uploads, below the file store (a rename into place never copies). */
export const UPLOADS_DIR = "uploads";

/** Temp files left by a process that died in an upload go after an hour (each process looks once an hour). */
const STALE_MS = 60 * 60 * 1000;
let lastSweep = 0;

async function sweepStaleUploads(): Promise<void> {
  const dir = resolveFile(UPLOADS_DIR);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const full = resolveFile(`${UPLOADS_DIR}/${name}`);
    const info = await stat(full).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(full, { force: true });
  }
}

function concat(chunks: Buffer[], size: number): Uint8Array {
  return chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size);
}

/** Writes one chunk, waiting while the file's buffer is full (back-pressure up to the socket). */
function write(out: WriteStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(chunk, (err) => (err ? reject(err) : resolve()));
  });
}

function close(out: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    out.end((err?: Error | null) => (err ? reject(err) : resolve()));
  });
}

/**
 * Reads a multipart/form-data body of `req` as it arrives. Files of `fileFields` are kept; a file part of a
 * `textFields` name (a `meta` JSON sent as a file) is read as text; every other part is read past, but counted.
 * A declared Content-Length over the limit is refused before anything is read; any body when its bytes pass it.
 */
export async function readMultipart(
  req: NextRequest,
  opts: { limits: MultipartLimits; fileFields: readonly string[]; textFields: readonly string[] },
): Promise<MultipartBody> {
  const { limits } = opts;
  const bodyLimit = limits.totalBytes + OVERHEAD_BYTES;
  const tooLarge = (limit: number) => new AppError("PayloadTooLarge", { limit });
  const tooManyFiles = () => limits.tooManyFiles?.() ?? new AppError("InvalidMultipart");
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError("InvalidMultipart");
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > bodyLimit) throw tooLarge(limits.totalBytes);
  if (!req.body) throw new AppError("InvalidMultipart");
  if (Date.now() - lastSweep > STALE_MS) {
    lastSweep = Date.now();
    sweepStaleUploads().catch((err: unknown) => log.warn({ err }, "sweeping stale uploads failed"));
  }

  const fields = new Map<string, string>();
  const files: UploadedFile[] = [];
  const temps: string[] = [];
  const work: Promise<void>[] = [];
  const open = new Set<BusboyFileStream>();
  const abort = new AbortController();
  let failure: unknown;
  const fail = (error: unknown) => {
    if (failure !== undefined) return;
    failure = error;
    abort.abort();
    for (const stream of open) stream.destroy();
  };
  let fileBytes = 0;
  let memory = 0;
  let kept = 0;

  const fileLimit = Math.min(limits.fileBytes, limits.totalBytes);
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

  const keepFile = async (field: string, name: string, type: string, stream: BusboyFileStream): Promise<void> => {
    const upload: UploadedFile = { field, name, contentType: type, size: 0 };
    const held: Buffer[] = [];
    let out: WriteStream | undefined;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        upload.size += chunk.byteLength;
        fileBytes += chunk.byteLength;
        if (fileBytes > limits.totalBytes) throw tooLarge(limits.totalBytes);
        if (!out && memory + chunk.byteLength <= MEMORY_BUDGET_BYTES) {
          memory += chunk.byteLength;
          held.push(chunk);
          continue;
        }
        if (!out) {
          await mkdir(resolveFile(UPLOADS_DIR), { recursive: true });
          upload.tempPath = `${UPLOADS_DIR}/${randomUUID()}`;
          temps.push(upload.tempPath);
          out = createWriteStream(resolveFile(upload.tempPath), { flags: "wx" });
          for (const h of held.splice(0)) await write(out, h);
        }
        await write(out, chunk);
      }
      if (stream.truncated) throw tooLarge(fileLimit);
      if (out) await close(out);
      else upload.bytes = concat(held, upload.size);
      files.push(upload);
    } catch (error) {
      out?.destroy();
      fail(error);
    } finally {
      open.delete(stream);
    }
  };

  parser.on("file", (field, stream, name, _encoding, type) => {
    if (failure !== undefined) return stream.destroy();
    if (!isCleanName(field) || !isCleanName(name)) {
      stream.destroy();
      return fail(new AppError("InvalidCharacters", { field: `${printable(field)}.fileName` }));
    }
    if (opts.textFields.includes(field)) {
      open.add(stream);
      work.push(
        readTextPart(field, stream, fields)
          .catch(fail)
          .finally(() => open.delete(stream)),
      );
    } else if (opts.fileFields.includes(field)) {
      if (++kept > limits.files) {
        stream.destroy();
        return fail(tooManyFiles());
      }
      open.add(stream);
      // refused the moment the file passes its limit (busboy would read the rest of the part first)
      stream.once("limit", () => fail(tooLarge(fileLimit)));
      work.push(keepFile(field, name, type, stream));
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

  const source = Readable.fromWeb(req.body as WebReadableStream<Uint8Array>);
  let received = 0;
  async function* counted(body: AsyncIterable<Buffer>) {
    for await (const chunk of body) {
      received += chunk.byteLength;
      if (received > bodyLimit) throw tooLarge(limits.totalBytes);
      yield chunk;
    }
  }

  try {
    await pipeline(source, counted, parser, { signal: abort.signal });
    await Promise.all(work);
  } catch (error) {
    fail(error);
  }
  const cleanup = async () => {
    await Promise.all(temps.map((t) => rm(resolveFile(t), { force: true })));
  };
  if (failure !== undefined) {
    source.destroy();
    await Promise.allSettled(work);
    await cleanup();
    if (failure instanceof AppError) throw failure;
    // a body that ends early or does not parse as multipart
    throw new AppError("InvalidMultipart");
  }
  return { fields, files, cleanup };
}

async function readTextPart(field: string, stream: BusboyFileStream, fields: Map<string, string>): Promise<void> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > FIELD_MAX_BYTES) throw new AppError("PayloadTooLarge", { limit: FIELD_MAX_BYTES });
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks, size).toString("utf8");
  if (!isCleanText(text)) throw new AppError("InvalidCharacters", { field: printable(field) });
  fields.set(field, text);
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

/** The bytes of a kept file part (read back from its temp file when it was large). */
export async function fileBytes(file: UploadedFile): Promise<Uint8Array> {
  return file.bytes ?? (file.tempPath ? new Uint8Array(await readFile(resolveFile(file.tempPath))) : new Uint8Array());
}

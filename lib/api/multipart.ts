import type { NextRequest } from "next/server";
import { AppError } from "@/lib/errors/app-error";

/** Reads a multipart/form-data body after checking its declared size. */
export async function readForm(req: NextRequest, limit: number): Promise<FormData> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new AppError("PayloadTooLarge", { limit });
  if (!(req.headers.get("content-type") ?? "").includes("multipart/form-data")) throw new AppError("InvalidMultipart");
  try {
    return await req.formData();
  } catch {
    throw new AppError("InvalidMultipart");
  }
}

/** A JSON part (sent as a string field or as a file part of type application/json). */
export async function jsonPart(form: FormData, name: string): Promise<unknown> {
  const part = form.get(name);
  if (part === null) return undefined;
  const text = typeof part === "string" ? part : await part.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("InvalidJson");
  }
}

import { NextRequest } from "next/server";
import { checkAnswer } from "./openapi-check";

type Handler = (req: NextRequest) => Promise<Response>;

export type CallOptions = {
  method?: string;
  body?: unknown;
  /** a raw body string (for malformed JSON and size tests) */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** a multipart/form-data body */
  form?: FormData;
};

/**
 * Calls a route handler the way Next does: a NextRequest on http://localhost. Every answer is checked against
 * /api/openapi.json (tests/helpers/openapi-check.ts): an answer the document does not declare fails the test.
 */
export async function call(handler: Handler, path: string, options: CallOptions = {}) {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const url = new URL(path, "http://localhost");
  const method = options.method ?? "GET";
  const req = new NextRequest(url, { method, headers, body: options.form ?? body });
  const res = await handler(req);
  const text = await res.text();
  checkAnswer(method, url, { status: res.status, headers: res.headers, text });
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, json: json as any, text };
}

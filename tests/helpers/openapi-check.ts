import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { type Contract, registeredContracts } from "@/lib/api/contract";
import { openApiDocument } from "@/lib/api/openapi";

/**
 * The drift guard: every answer an integration test receives through call() is checked against
 * /api/openapi.json — its status is declared for the operation, its body matches the declared schema (JSON
 * through ajv, compiled once per schema), an error's codes are those the operation names (`x-error-codes`),
 * a file by its media type. A mismatch throws, so the test that made the call fails.
 */

type Json = Record<string, unknown>;
type Operation = { responses: Record<string, Json> };
type Document = { paths: Record<string, Record<string, Operation>> };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

type Route = { template: string; segments: string[]; statics: number; byMethod: Map<string, Contract> };

type State = { document: Document; ajv: Ajv2020; routes: Route[]; validators: Map<string, ValidateFunction> };
let state: State | undefined;

function setup(): State {
  if (state) return state;
  const document = openApiDocument() as unknown as Document;
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema(document, "openapi.json");
  const routes = new Map<string, Route>();
  for (const c of registeredContracts()) {
    const segments = c.path.split("/").filter(Boolean);
    const route = routes.get(c.path) ?? {
      template: c.path,
      segments,
      statics: segments.filter((s) => !s.startsWith("{")).length,
      byMethod: new Map<string, Contract>(),
    };
    route.byMethod.set(c.method, c);
    routes.set(c.path, route);
  }
  state = {
    document,
    ajv,
    // like Next: a static segment wins over a parameter (users/register over users/{id})
    routes: [...routes.values()].sort((a, b) => b.statics - a.statics),
    validators: new Map(),
  };
  return state;
}

const pointerToken = (token: string) => encodeURIComponent(token.replace(/~/g, "~0").replace(/\//g, "~1"));

function validator(s: State, pointer: string[]): ValidateFunction {
  const ref = `openapi.json#/${pointer.map(pointerToken).join("/")}`;
  let validate = s.validators.get(ref);
  if (!validate) {
    validate = s.ajv.compile({ $ref: ref });
    s.validators.set(ref, validate);
  }
  return validate;
}

function findRoute(s: State, pathname: string): Route | undefined {
  const got = pathname.split("/").filter(Boolean);
  return s.routes.find(
    (r) => r.segments.length === got.length && r.segments.every((seg, i) => seg.startsWith("{") || seg === got[i]),
  );
}

function mediaMatches(declared: string, actual: string): boolean {
  if (declared === "*/*") return true;
  return actual.split(";")[0]?.trim().toLowerCase() === declared.toLowerCase();
}

export type Answer = { status: number; headers: Headers; text: string };

/** Throws when the answer to `method url` is not what /api/openapi.json declares. */
export function checkAnswer(method: string, url: URL, answer: Answer): void {
  const upper = method.toUpperCase();
  if (
    !/^\/(learn\/)?api\//.test(url.pathname) ||
    url.pathname.startsWith("/api/session/") ||
    upper === "OPTIONS" ||
    upper === "HEAD"
  )
    return;
  const s = setup();
  const pathname = url.pathname.replace(/\/+$/, "");
  const route = findRoute(s, pathname);
  const contract = route?.byMethod.get(upper);
  const label = `${upper} ${contract?.path ?? route?.template ?? pathname}`;
  const fail = (problem: string): never => {
    throw new Error(`OpenAPI drift: ${label} answered ${answer.status}: ${problem}\n  body: ${answer.text.slice(0, 500)}`);
  };
  let documentedPath: string;
  let operationMethod: string;
  if (!contract) {
    // an unknown path (404) or a known one with another method (405): the envelope with that one code
    const expected = route ? { status: 405, code: "MethodNotAllowed" } : { status: 404, code: "NotFound" };
    if (answer.status !== expected.status) fail(`expected ${expected.status} ${expected.code}`);
    const json = parse(answer.text, fail);
    const envelope = validator(s, ["components", "schemas", "ErrorEnvelope"]);
    if (!envelope(json)) fail(`not the error envelope: ${s.ajv.errorsText(envelope.errors)}`);
    const codes = (json as { errors: { code: string }[] }).errors.map((e) => e.code);
    if (codes.join() !== expected.code) fail(`codes ${codes.join(", ")}, expected ${expected.code}`);
    if (!route) return;
    // a known path: each of its operations declares the 405
    const [any] = [...route.byMethod.values()];
    if (!any) return;
    documentedPath = any.aliasOf ?? any.path;
    operationMethod = any.method.toLowerCase();
  } else {
    documentedPath = contract.aliasOf ?? contract.path;
    operationMethod = upper.toLowerCase();
  }
  const operation = s.document.paths[documentedPath]?.[operationMethod];
  if (!operation) throw fail(`no operation ${operationMethod.toUpperCase()} ${documentedPath} in the document`);
  const declared = operation.responses[String(answer.status)];
  if (!declared) throw fail(`status not declared (declared: ${Object.keys(operation.responses).join(", ")})`);
  const content = declared.content as Record<string, unknown> | undefined;
  if (!content) {
    if (answer.text !== "") fail("declared without a body, but has one");
    return;
  }
  const type = answer.headers.get("content-type") ?? "";
  if ("application/json" in content && type.includes("json")) {
    const json = parse(answer.text, fail);
    const validate = validator(s, [
      "paths",
      documentedPath,
      operationMethod,
      "responses",
      String(answer.status),
      "content",
      "application/json",
      "schema",
    ]);
    if (!validate(json)) fail(`body does not match the schema: ${s.ajv.errorsText(validate.errors, { separator: "; " })}`);
    if (answer.status >= 400) checkCodes(operation, answer.status, json, fail);
    return;
  }
  const media = Object.keys(content);
  if (!media.some((m) => mediaMatches(m, type))) fail(`content type ${type || "(none)"}, declared ${media.join(", ")}`);
}

function parse(text: string, fail: (problem: string) => never): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return fail("the body is not JSON");
  }
}

/** The first code decides the status (AppError.many); every code must be one the operation names. */
function checkCodes(operation: Operation, status: number, json: unknown, fail: (problem: string) => never): void {
  const codes = ((json as { errors?: { code: string }[] }).errors ?? []).map((e) => e.code);
  const named = (s: string) => (operation.responses[s]?.["x-error-codes"] as string[] | undefined) ?? [];
  const all = new Set(Object.keys(operation.responses).flatMap(named));
  const [first, ...rest] = codes;
  if (first !== undefined && !named(String(status)).includes(first)) {
    fail(`code ${first} is not in x-error-codes of ${status} (${named(String(status)).join(", ")})`);
  }
  const unknown = rest.filter((code) => !all.has(code));
  if (unknown.length) fail(`codes ${unknown.join(", ")} are named by no response of the operation`);
}

/** Throws when a webhook delivery's body is not what the document's `webhooks` declare for its type (issue 26 §1). */
export function checkWebhookBody(body: string): void {
  const s = setup();
  const json = parse(body, (problem) => {
    throw new Error(`webhook body: ${problem}`);
  }) as { type?: string };
  const type = String(json.type);
  if (type === "webhook.test") return;
  const documented = (s.document as unknown as { webhooks?: Record<string, unknown> }).webhooks?.[type];
  if (!documented) throw new Error(`webhook body: the type ${type} is not in the document's webhooks`);
  const validate = validator(s, ["webhooks", type, "post", "requestBody", "content", "application/json", "schema"]);
  if (!validate(json)) throw new Error(`webhook body of ${type} drifts: ${s.ajv.errorsText(validate.errors)}\n  ${body}`);
}

import { createConfig, lintFromString } from "@redocly/openapi-core";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors/codes";
import { ISSUE_CODES } from "@/lib/errors/issues";
import { type Contract, registeredContracts } from "./contract";
import { errorCodesOf, errorStatusesOf, zodErrorCodes } from "./error-statuses";
import { openApiDocument } from "./openapi";

type Json = Record<string, unknown>;
type Media = { schema?: Json; example?: unknown; encoding?: Record<string, { contentType?: string }> };
type Response = {
  description: string;
  content?: Record<string, Media>;
  headers?: Record<string, Json>;
  "x-error-codes"?: string[];
};
type Parameter = { in: string; name: string; required?: boolean; schema: Json; example?: unknown };
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, Response>;
  "x-aliases"?: string[];
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json> };
};

const doc = openApiDocument() as unknown as Document;
const text = JSON.stringify(doc);
const documented = registeredContracts().filter((c) => !c.aliasOf);
const operationOf = (c: Contract): Operation => {
  const op = doc.paths[c.path]?.[c.method.toLowerCase()];
  if (!op) throw new Error(`${c.method} ${c.path} is not documented`);
  return op;
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: true });
addFormats(ajv);
ajv.addFormat("binary", true);
ajv.addSchema(doc, "openapi.json");
const pointer = (tokens: string[]) =>
  `openapi.json#/${tokens.map((t) => encodeURIComponent(t.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/")}`;

/** Every schema in the document that carries `examples`, by JSON pointer. */
function schemasWithExamples(value: unknown, path: string[] = [], found: { path: string[]; examples: unknown[] }[] = []) {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) schemasWithExamples(v, [...path, String(i)], found);
  } else if (typeof value === "object" && value !== null) {
    const examples = (value as Json).examples;
    const inSchema = path.includes("schema") || path.includes("schemas");
    if (inSchema && Array.isArray(examples)) found.push({ path, examples });
    for (const [k, v] of Object.entries(value)) schemasWithExamples(v, [...path, k], found);
  }
  return found;
}

describe("the OpenAPI document is valid", () => {
  it("against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator)", async () => {
    const result = await new Validator().validate(JSON.parse(text));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("with Redocly's recommended rules, ambiguous paths counted as errors: no problem at all", async () => {
    const config = await createConfig({ extends: ["recommended"], rules: { "no-ambiguous-paths": "error" } });
    const problems = await lintFromString({ source: text, absoluteRef: "openapi.json", config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ""}`)).toEqual([]);
  }, 120_000);
});

describe("examples", () => {
  it("every request body and every JSON answer of success has one", () => {
    const missing: string[] = [];
    for (const c of documented) {
      const op = operationOf(c);
      for (const [media, body] of Object.entries(op.requestBody?.content ?? {})) {
        if (body.example === undefined) missing.push(`${c.method} ${c.path} request ${media}`);
      }
      const json = op.responses["200"]?.content?.["application/json"];
      if (json && json.example === undefined) missing.push(`${c.method} ${c.path} 200`);
      for (const p of op.parameters ?? []) {
        if (p.in === "path" && p.example === undefined) missing.push(`${c.method} ${c.path} {${p.name}}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("every example is valid against its own schema", () => {
    const invalid: string[] = [];
    let checked = 0;
    const check = (where: string, tokens: string[], example: unknown) => {
      const validate = ajv.compile({ $ref: pointer(tokens) });
      checked++;
      if (!validate(example)) invalid.push(`${where}: ${ajv.errorsText(validate.errors)}`);
    };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const at = ["paths", path, method];
        (op.parameters ?? []).forEach((p, i) => {
          if (p.example !== undefined)
            check(`${method} ${path} ${p.name}`, [...at, "parameters", String(i), "schema"], p.example);
        });
        for (const [media, body] of Object.entries(op.requestBody?.content ?? {})) {
          if (body.example !== undefined)
            check(`${method} ${path} request`, [...at, "requestBody", "content", media, "schema"], body.example);
        }
        for (const [status, response] of Object.entries(op.responses)) {
          for (const [media, body] of Object.entries(response.content ?? {})) {
            if (body.example === undefined) continue;
            check(`${method} ${path} ${status}`, [...at, "responses", status, "content", media, "schema"], body.example);
          }
        }
      }
    }
    for (const { path, examples } of schemasWithExamples(doc)) {
      for (const example of examples) check(path.join("/"), path, example);
    }
    expect(invalid).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it("an error answer's example carries one of its own codes", () => {
    for (const c of documented) {
      for (const [status, response] of Object.entries(operationOf(c).responses)) {
        if (Number(status) < 400) continue;
        const example = response.content?.["application/json"]?.example as { errors?: { code: string }[] } | undefined;
        const code = example?.errors?.[0]?.code;
        expect(response["x-error-codes"], `${c.method} ${c.path} ${status}`).toContain(code);
      }
    }
  });
});

describe("statuses follow from the contracts", () => {
  it("every operation declares what its shape implies, and each code under the status of the catalogue", () => {
    for (const c of documented) {
      const op = operationOf(c);
      const label = `${c.method} ${c.path}`;
      const codesAt = (status: number) => op.responses[String(status)]?.["x-error-codes"] ?? [];
      expect(codesAt(405), label).toEqual(["MethodNotAllowed"]);
      expect(op.responses["405"]?.headers?.Allow, label).toBeDefined();
      expect(codesAt(500), label).toContain("InternalError");
      expect(codesAt(503), label).toContain("ServiceUnavailable");
      if (c.ownToken) expect(codesAt(401), label).toEqual(expect.arrayContaining(["MissingToken", "InvalidToken"]));
      else if (c.auth !== "none")
        expect(codesAt(401), label).toEqual(expect.arrayContaining(["MissingToken", "InvalidToken", "TokenExpired"]));
      else expect(codesAt(401), label).not.toContain("MissingToken");
      if (c.permission || c.session) expect(codesAt(403), label).toContain("AccessDenied");
      if (c.params || c.query || c.body || c.form)
        expect(codesAt(400), label).toEqual(expect.arrayContaining(["BadRequest", "InvalidField"]));
      if (c.body || c.form) {
        expect(codesAt(413), label).toContain("PayloadTooLarge");
        expect(codesAt(415), label).toContain("UnsupportedMediaType");
      }
      for (const code of c.errors ?? []) expect(codesAt(ERROR_CODES[code].status), `${label} ${code}`).toContain(code);
      for (const [status, response] of Object.entries(op.responses)) {
        for (const code of response["x-error-codes"] ?? []) {
          expect(ERROR_CODES[code as ErrorCode]?.status, `${label} ${status} ${code}`).toBe(Number(status));
          expect(response.description, `${label} ${status}`).toContain(code);
        }
        if (Number(status) >= 400) expect(response["x-error-codes"]?.length, `${label} ${status}`).toBeGreaterThan(0);
      }
    }
  });

  it("the ones the issue names: login 401, a job's 404, a duplicate's 409, refresh 410, readiness 503", () => {
    const codes = (path: string, method: string, status: number) =>
      doc.paths[path]?.[method]?.responses[String(status)]?.["x-error-codes"] ?? [];
    expect(codes("/api/auth/login", "post", 401)).toContain("InvalidCredentials");
    expect(codes("/api/jobs/{id}", "get", 404)).toContain("JobNotFound");
    expect(codes("/api/users/register", "post", 409)).toContain("UserAlreadyExists");
    expect(codes("/api/systems", "post", 409)).toContain("SystemNameExists");
    expect(codes("/api/auth/refresh", "post", 410)).toContain("RefreshTokenExpired");
    const ready = doc.paths["/api/health/ready"]?.get?.responses["503"];
    expect(JSON.stringify(ready?.content?.["application/json"]?.schema)).toContain("#/components/schemas/Health");
  });

  it("an answer without a body is a 204 without content; a download is a 200 file with Content-Disposition", () => {
    let downloads = 0;
    for (const c of documented) {
      const responses = operationOf(c).responses;
      if (c.download) {
        downloads++;
        expect(responses["204"], c.path).toBeUndefined();
        expect(Object.keys(responses["200"]?.content ?? {})).toEqual([c.download.mediaType]);
        expect(responses["200"]?.content?.[c.download.mediaType]?.schema).toEqual({ type: "string", format: "binary" });
        expect(responses["200"]?.headers?.["Content-Disposition"], c.path).toBeDefined();
      } else if (c.text) {
        expect(Object.keys(responses["200"]?.content ?? {}), c.path).toEqual([c.text.mediaType]);
      } else if (!c.response) {
        expect(responses["204"]?.content, c.path).toBeUndefined();
        expect(responses["200"], c.path).toBeUndefined();
      }
    }
    expect(downloads).toBe(7);
    expect(Object.keys(doc.paths["/api/jobs/{id}/download"]?.get?.responses["200"]?.content ?? {})).toEqual(["application/zip"]);
  });

  it("multipart bodies name their parts: JSON parts as application/json, files as bytes", () => {
    const body = doc.paths["/api/v3/projects"]?.post?.requestBody?.content["multipart/form-data"];
    expect(body?.encoding).toEqual({
      esproject: { contentType: "application/octet-stream" },
      meta: { contentType: "application/json" },
    });
    const jobs = doc.paths["/api/jobs"]?.post?.requestBody?.content["multipart/form-data"];
    expect(jobs?.encoding).toEqual({
      file: { contentType: "application/octet-stream" },
      meta: { contentType: "application/json" },
    });
  });
});

describe("credentials", () => {
  it("are security schemes: bearer, the session cookie, the submission and the job key in ?auth=", () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(schemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: "docservice.session" });
    expect(schemes.submissionKey).toMatchObject({ type: "apiKey", in: "query", name: "auth" });
    expect(schemes.jobKey).toMatchObject({ type: "apiKey", in: "query", name: "auth" });
  });

  it("each operation lists its alternatives; ?auth= is no plain parameter", () => {
    for (const c of documented) {
      const op = operationOf(c);
      const label = `${c.method} ${c.path}`;
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      if (c.ownToken) expect(op.security, label).toEqual([{ [c.ownToken]: [] }]);
      else if (c.auth === "none") expect(op.security, label).toEqual([]);
      else expect(schemes, label).toContain("bearer");
      expect(schemes.includes("session"), label).toBe(!!c.session);
      if (c.authKey) expect(schemes, label).toContain(c.authKey);
      expect(
        (op.parameters ?? []).some((p) => p.in === "query" && p.name === "auth"),
        label,
      ).toBe(false);
    }
    // the key in the query or (issue 26 §2) in the X-Auth-Key header
    expect(doc.paths["/api/jobs"]?.post?.security).toEqual([{ bearer: [] }, { submissionKey: [] }, { submissionKeyHeader: [] }]);
    expect(doc.paths["/api/jobs/{id}/download"]?.get?.security).toEqual([
      { bearer: [] },
      { session: [] },
      { jobKey: [] },
      { jobKeyHeader: [] },
    ]);
  });
});

describe("request schemas and answers", () => {
  /** Every object schema inside a request body's schema (following the schema keywords only). */
  function objectSchemas(value: unknown, out: Json[] = []): Json[] {
    if (typeof value !== "object" || value === null) return out;
    const schema = value as Json;
    const properties = schema.properties as Record<string, Json> | undefined;
    if (properties) {
      out.push(schema);
      for (const property of Object.values(properties)) objectSchemas(property, out);
    }
    for (const key of ["items", "additionalProperties"]) objectSchemas(schema[key], out);
    for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"]) {
      for (const sub of (schema[key] as unknown[] | undefined) ?? []) objectSchemas(sub, out);
    }
    return out;
  }

  it("a request field with a server default or optional is not required, and request bodies hold no $ref", () => {
    let defaults = 0;
    for (const c of documented) {
      for (const [media, body] of Object.entries(operationOf(c).requestBody?.content ?? {})) {
        const where = `${c.method} ${c.path} ${media}`;
        // a component's default reads as "always present" to openapi-typescript, even in a request
        expect(JSON.stringify(body.schema), where).not.toContain('"$ref"');
        for (const schema of objectSchemas(body.schema)) {
          const required = (schema.required as string[] | undefined) ?? [];
          for (const [name, property] of Object.entries(schema.properties as Record<string, Json>)) {
            if ("default" in property) {
              defaults++;
              expect(required, `${where}: ${name} has a default`).not.toContain(name);
            }
          }
        }
      }
    }
    expect(defaults).toBeGreaterThan(20);
    const system = doc.paths["/api/systems"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(system?.required).toEqual(["name"]);
  });

  it("answers stay exact: every field of a system, user, job and licence is required", () => {
    for (const name of ["System", "User", "Job", "Licence"]) {
      const schema = doc.components.schemas[name] ?? {};
      expect(((schema.required as string[] | undefined) ?? []).sort(), name).toEqual(
        Object.keys((schema.properties as Json) ?? {}).sort(),
      );
    }
  });

  it("the spec's systems/name/{name} is an alias of systems/name?name=, so no template overlaps systems/{id}/…", () => {
    expect(doc.paths["/api/systems/name/{name}"]).toBeUndefined();
    const op = doc.paths["/api/systems/name"]?.get;
    expect(op?.["x-aliases"]).toEqual(["/api/systems/name/{name}"]);
    expect(op?.parameters).toEqual([expect.objectContaining({ in: "query", name: "name", required: true })]);
  });
});

describe("error statuses of a contract", () => {
  const base: Contract = { method: "POST", path: "/api/x", summary: "x", tag: "About", auth: "none" };

  it("finds the codes a zod schema names, at any depth", () => {
    const schema = z.object({
      id: z.uuid({ error: "InvalidId" }),
      inner: z.array(z.object({ name: z.string().min(1, "MissingUserName") })).optional(),
      tag: z.string().refine((v) => v !== "x", "WrongSystemType"),
      free: z.string().max(3, "not a code"),
    });
    expect(zodErrorCodes(schema).sort()).toEqual(["InvalidId", "MissingUserName", "WrongSystemType"]);
  });

  it("a public call without input answers only 400 for a query string with control characters, 405, 429, 500 and 503", () => {
    expect(Object.fromEntries(errorStatusesOf(base))).toEqual({
      400: ["InvalidCharacters"],
      405: ["MethodNotAllowed"],
      // issue 26 §4: the calls of an address are limited, public ones too
      429: ["TooManyRequests"],
      500: ["InternalError"],
      503: ["ServiceUnavailable"],
    });
    // the health probes are not counted
    expect(Object.fromEntries(errorStatusesOf({ ...base, tag: "Health" }))).not.toHaveProperty("429");
  });

  it("a call that names a tenant's thing answers 403 where it would answer its not-found in the caller's own system", () => {
    expect(errorCodesOf({ ...base, auth: "bearer", errors: ["UserNotFound"] })).toContain("AccessDenied");
    expect(errorCodesOf({ ...base, auth: "bearer", errors: ["NotFound"] })).not.toContain("AccessDenied");
  });

  it("a bearer call with permission, body and service codes answers each status with its codes", () => {
    const statuses = errorStatusesOf({
      ...base,
      auth: "bearer",
      permission: "ManageSystems",
      body: z.object({ name: z.string({ error: "MissingSystemName" }) }),
      errors: ["SystemNameExists", "SystemNotFound"],
    });
    // any input may fail with a code of its issue's kind (lib/errors/issues.ts)
    expect(new Set(statuses.get(400))).toEqual(
      new Set(["BadRequest", "InvalidJson", "InvalidCharacters", "MissingSystemName", ...ISSUE_CODES]),
    );
    statuses.delete(400);
    expect(Object.fromEntries(statuses)).toEqual({
      401: ["MissingToken", "InvalidToken", "TokenExpired"],
      403: ["AccessDenied", "PasswordChangeRequired"],
      404: ["SystemNotFound"],
      405: ["MethodNotAllowed"],
      409: ["SystemNameExists"],
      413: ["PayloadTooLarge"],
      415: ["UnsupportedMediaType"],
      // issue 26 §4: every call with credentials counts against the limits
      429: ["TooManyRequests"],
      500: ["InternalError"],
      503: ["ServiceUnavailable"],
    });
  });

  it("a call a user may make while a password change is pending does not answer PasswordChangeRequired", () => {
    expect(errorCodesOf({ ...base, auth: "bearer", allowWhilePasswordChangeRequired: true })).not.toContain(
      "PasswordChangeRequired",
    );
    expect(errorCodesOf({ ...base, auth: "bearer" })).toContain("PasswordChangeRequired");
  });
});

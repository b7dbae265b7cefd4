import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import { PRODUCT } from "@/lib/about/product";
import { SESSION_COOKIE } from "@/lib/auth/session-cookie";
import { ZErrorEnvelope } from "@/lib/errors/schemas";
import { WEBHOOK_EVENT_BODIES } from "@/lib/webhooks/schemas";
import "./contracts";
import type { Contract } from "./contract";
import { registeredContracts } from "./contract";
import { errorResponses } from "./openapi-errors";
import { type Json, tidyDocument } from "./openapi-tidy";

type Method = "get" | "post" | "put" | "patch" | "delete";

const SECURITY_SCHEMES = {
  bearer: {
    type: "http",
    scheme: "bearer",
    description: "The `token` of POST /api/auth/login (or /api/auth/refresh)",
  },
  session: {
    type: "apiKey",
    in: "cookie",
    name: SESSION_COOKIE,
    description: "The portal's browser session (its own uploads and downloads; a change needs an Origin of this site)",
  },
  submissionKey: {
    type: "apiKey",
    in: "query",
    name: "auth",
    description: "A project's submission key (GET /api/v3/projects/{id}/submissionKey)",
  },
  jobKey: {
    type: "apiKey",
    in: "query",
    name: "auth",
    description: "A job's own key: the `auth` of the answer of POST /api/jobs",
  },
  submissionKeyHeader: {
    type: "apiKey",
    in: "header",
    name: "X-Auth-Key",
    description: "A project's submission key, in a header: kept out of URLs and access logs (the same as `?auth=`)",
  },
  jobKeyHeader: {
    type: "apiKey",
    in: "header",
    name: "X-Auth-Key",
    description: "A job's own key, in a header: kept out of URLs and access logs (the same as `?auth=`)",
  },
  metricsToken: {
    type: "http",
    scheme: "bearer",
    description: "The METRICS_TOKEN of the server's environment (not a user's token)",
  },
} as const;

/** The alternatives of credentials a call accepts; an empty object means "none needed". */
function securityOf(c: Contract): Record<string, string[]>[] {
  if (c.ownToken) return [{ [c.ownToken]: [] }];
  if (c.auth === "none") return [];
  const alternatives: Record<string, string[]>[] = [{ bearer: [] }];
  if (c.session) alternatives.push({ session: [] });
  if (c.authKey) alternatives.push({ [c.authKey]: [] }, { [`${c.authKey}Header`]: [] });
  else if (c.auth === "optional") alternatives.push({});
  return alternatives;
}

/** The first of a schema's `.meta({ examples })` (for an array: one element's), else undefined. */
function schemaExample(schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  const meta = schema.meta() as { examples?: unknown[]; example?: unknown } | undefined;
  if (Array.isArray(meta?.examples) && meta.examples.length) return meta.examples[0];
  if (meta?.example !== undefined) return meta.example;
  if (schema instanceof z.ZodArray) {
    const element = schemaExample(schema.element as z.ZodType);
    return element === undefined ? undefined : [element];
  }
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return schemaExample(schema.unwrap() as z.ZodType);
  }
  return undefined;
}

/** A multipart body's example: each JSON part's example, each file part a stand-in for its bytes. */
function formExample(form: z.ZodObject): Record<string, unknown> | undefined {
  const example: Record<string, unknown> = {};
  for (const [name, part] of Object.entries(form.shape)) {
    const value = schemaExample(part as z.ZodType);
    if (value !== undefined) example[name] = value;
  }
  return Object.keys(example).length ? example : undefined;
}

/** Multipart parts: JSON parts are application/json, the rest are files. */
function formEncoding(form: z.ZodObject) {
  return Object.fromEntries(
    Object.entries(form.shape).map(([name, part]) => {
      const isFile = JSON.stringify(z.toJSONSchema(part as z.ZodType, { unrepresentable: "any", io: "input" })).includes(
        '"binary"',
      );
      return [name, { contentType: isFile ? "application/octet-stream" : "application/json" }];
    }),
  );
}

function requestBodyOf(c: Contract): ZodOpenApiOperationObject["requestBody"] {
  if (c.body) {
    const example = c.example?.request ?? schemaExample(c.body);
    return {
      required: true,
      content: { "application/json": { schema: c.body, ...(example === undefined ? {} : { example }) } },
    };
  }
  if (c.form) {
    const example = c.example?.request ?? formExample(c.form);
    return {
      required: true,
      content: {
        "multipart/form-data": {
          schema: c.form,
          encoding: formEncoding(c.form),
          ...(example === undefined ? {} : { example }),
        },
      },
    };
  }
  return undefined;
}

function successResponse(c: Contract): ZodOpenApiOperationObject["responses"] {
  if (c.download) {
    return {
      "200": {
        description: `The file${c.download.mediaType === "*/*" ? ", with its own media type" : ""}`,
        headers: {
          "Content-Disposition": {
            description: `attachment; the file name (${c.download.fileName})`,
            schema: { type: "string" },
            required: true,
          },
        },
        content: { [c.download.mediaType]: { schema: { type: "string", format: "binary" } } },
      },
    };
  }
  if (c.text) {
    return {
      "200": {
        description: c.text.description,
        content: { [c.text.mediaType]: { schema: { type: "string" }, example: c.text.example } },
      },
    };
  }
  if (!c.response) return { "204": { description: "Done (no content)" } };
  const example = c.example?.response ?? schemaExample(c.response);
  const headers = {
    ...(c.etag
      ? { ETag: { description: "The answer's tag, for `If-None-Match`", schema: { type: "string" as const }, required: true } }
      : {}),
    ...(c.idempotent
      ? {
          "Idempotent-Replayed": {
            description: "`true` when this is the kept answer of an earlier call with the same `Idempotency-Key`",
            schema: { type: "string" as const, enum: ["true"] },
          },
        }
      : {}),
  };
  return {
    "200": {
      description: "OK",
      ...(Object.keys(headers).length ? { headers } : {}),
      content: { "application/json": { schema: c.response, ...(example === undefined ? {} : { example }) } },
    },
  };
}

/** The query parameters of the document: `?auth=` is a security scheme there, not a parameter. */
function queryOf(c: Contract): z.ZodObject | undefined {
  if (!c.query) return undefined;
  const query = c.authKey && "auth" in c.query.shape ? c.query.omit({ auth: true }) : c.query;
  return Object.keys(query.shape).length ? query : undefined;
}

/** The request headers a call reads beside its credentials (issue 26 §2). */
function headersOf(c: Contract): z.ZodObject | undefined {
  const shape: Record<string, z.ZodType> = {};
  if (c.idempotent)
    shape["Idempotency-Key"] = z.string().min(1).max(255).optional().meta({
      description:
        "Makes the call safe to retry: the same key from the same caller within 24 h answers the first answer again (header `Idempotent-Replayed: true`), also while the first is still running; the same key with another request is 422 IdempotencyKeyReused. 1 to 255 visible ASCII characters, e.g. a UUID.",
      example: "5f0c3c5e-2a1b-4c8e-9d7f-0e1a2b3c4d5e",
    });
  if (c.etag)
    shape["If-None-Match"] = z
      .string()
      .optional()
      .meta({ description: "The `ETag` of an earlier answer: 304 without a body while the answer is the same" });
  if (c.ranges)
    shape.Range = z.string().optional().meta({
      description: "One range of bytes (`bytes=0-1023`, `bytes=1024-`, `bytes=-512`): 206 with that part",
      example: "bytes=0-1023",
    });
  return Object.keys(shape).length ? z.object(shape) : undefined;
}

/** The answers beside 200 that the headers of headersOf bring. */
function headerResponses(c: Contract): ZodOpenApiOperationObject["responses"] {
  return {
    ...(c.etag ? { "304": { description: "Not modified: the answer is the one `If-None-Match` names (no body)" } } : {}),
    ...(c.ranges
      ? {
          "206": {
            description: "The range of bytes `Range` asked for, with `Content-Range`",
            content: { [c.download?.mediaType ?? "*/*"]: { schema: { type: "string", format: "binary" } } },
          },
        }
      : {}),
  };
}

function operationOf(c: Contract, aliases: string[]): ZodOpenApiOperationObject {
  const method = c.method.toLowerCase() as Method;
  const notes = [
    c.description ?? "",
    typeof c.permission === "string" ? `Requires permission ${c.permission}.` : "",
    Array.isArray(c.permission) ? `Requires one of the permissions ${c.permission.join(", ")}.` : "",
    ...aliases.map((a) => `Also answers at \`${c.method} ${a}\` (the spec's path; see x-aliases).`),
  ].filter(Boolean);
  const query = queryOf(c);
  const headers = headersOf(c);
  const requestBody = requestBodyOf(c);
  return {
    summary: c.summary,
    ...(notes.length ? { description: notes.join("\n\n") } : {}),
    tags: [c.tag],
    operationId: `${method}${c.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, ch: string | undefined) => (ch ?? "").toUpperCase())}`,
    security: securityOf(c),
    requestParams: {
      ...(c.params ? { path: c.params } : {}),
      ...(query ? { query } : {}),
      ...(headers ? { header: headers } : {}),
    },
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successResponse(c), ...headerResponses(c), ...errorResponses(c) },
    ...(aliases.length ? { "x-aliases": aliases } : {}),
  };
}

/** What each tag groups (a new tag needs a line here: the validity test lints for it). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  About: "The product, its modules and this document",
  "Audit trail": "Who changed what and when: the search, its choices and the CSV export",
  Authentication: "Sign in and out, and the token lifetime",
  Configuration: "Service configuration, service info and feature flags",
  Downloads: "The archives of the audit trail and the job figures that the archiver tasks write",
  Health: "Liveness and readiness for load balancers and orchestrators",
  Jobs: "Job orders, their state and their files",
  "Learn clusters":
    "The clusters a learn run made of a learn project's documents: named, marked complete, merged, split and locked by people",
  "Learn projects": "Learn projects: projects whose jobs' documents are kept for learning clusters, soft-deleted",
  Licences: "Licence files, virtual and cloud licences, and their use",
  Monitoring: "Figures of the service for an operator's monitoring (Prometheus)",
  Password: "Password changes, mailed reset and change links",
  Projects: "Extraction projects and their project files",
  Scheduler: "The schedulers of the systems, their tasks, task functions and run history",
  Resources: "Resource pools and resources (profiles, CSV lookups, language key files) by level",
  Statistics: "Job figures per system and per project over a range of days, and the long-running jobs",
  Systems: "Tenant systems",
  Users: "Users, their roles, language and e-mail address",
  Webhooks:
    "A system's webhooks (issue 26): signed deliveries of job and learn run events (Standard Webhooks), their secrets and delivery log",
};

const INFO_DESCRIPTION = [
  "Every error answer (4xx, 5xx) is the error envelope `{ errors: [{ code, message, messageParameter }] }`; each",
  "response names the codes it can carry in `x-error-codes`. A path no operation has answers 404 `NotFound`; a known",
  "path called with a method it does not have answers 405 `MethodNotAllowed` with an `Allow` header. Every path answers",
  "the same with and without a trailing slash. Answers are not to be cached (`Cache-Control: no-store`: they may carry",
  "a token or a key), except reads that answer an `ETag` (`private, no-cache`: ask again with `If-None-Match`).",
].join(" ");

const WEBHOOK_HEADERS = [
  ["webhook-id", "the delivery's id: the same for every attempt of it (a receiver that saw it already answers 2xx)"],
  ["webhook-timestamp", "the attempt's time in Unix seconds (refuse deliveries older than a few minutes)"],
  [
    "webhook-signature",
    "`v1,<base64 HMAC-SHA256 over \"{webhook-id}.{webhook-timestamp}.{body}\" keyed with the secret's bytes>`; after a secret's rotation a second one, space-separated, for 24 hours",
  ],
] as const;

/** What a webhook receives (issue 26 §1): the document's `webhooks`, one signed POST per event. */
function webhookOperations(): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(WEBHOOK_EVENT_BODIES).map(([type, { summary, body }]) => [
      type,
      {
        post: {
          operationId: `webhook${type
            .split(".")
            .map((part) => part[0]?.toUpperCase() + part.slice(1))
            .join("")}`,
          summary,
          description:
            "Sent to the webhooks that name the event (Standard Webhooks). A 2xx answer delivers it; otherwise it is sent again with the same webhook-id after about 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 6 h and 12 h.",
          tags: ["Webhooks"],
          // the receiver checks the signature headers, no security scheme of ours
          security: [],
          parameters: WEBHOOK_HEADERS.map(([name, description]) => ({
            in: "header" as const,
            name,
            required: true,
            description,
            schema: { type: "string" as const },
          })),
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "200": { description: "any 2xx delivers the event" } },
        },
      },
    ]),
  );
}

let cached: Json | undefined;

/** The OpenAPI 3.1 document of every registered contract. */
export function openApiDocument(): Json {
  if (cached) return cached;
  const contracts = registeredContracts();
  const paths: ZodOpenApiPathsObject = {};
  for (const c of contracts) {
    if (c.aliasOf) continue;
    const aliases = contracts.filter((a) => a.aliasOf === c.path && a.method === c.method).map((a) => a.path);
    paths[c.path] ??= {};
    const item = paths[c.path];
    if (item) item[c.method.toLowerCase() as Method] = operationOf(c, aliases);
  }
  const document = createDocument({
    openapi: "3.1.0",
    info: {
      title: `${PRODUCT.name} REST API`,
      version: PRODUCT.version,
      description: INFO_DESCRIPTION,
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/", description: "this installation" }],
    tags: [...new Set(contracts.map((c) => c.tag))].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { ErrorEnvelope: ZErrorEnvelope },
    },
    paths,
    webhooks: webhookOperations(),
  });
  cached = tidyDocument(document as unknown as Json);
  return cached;
}

import { z } from "zod";
import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { PRODUCT } from "@/lib/about/product";
import { ERROR_CODES } from "@/lib/errors/codes";
import "./contracts";
import { registeredContracts } from "./contract";

const ZErrorEnvelope = z
  .object({
    errors: z.array(
      z.object({
        code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
        message: z.string(),
        messageParameter: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
      }),
    ),
  })
  .meta({ id: "ErrorEnvelope", description: "DESIGN.md: every 4xx/5xx of /api/" });

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ZErrorEnvelope } },
});

let cached: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1 document of every registered contract. */
export function openApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const c of registeredContracts()) {
    paths[c.path] ??= {};
    const item = paths[c.path];
    const method = c.method.toLowerCase() as "get" | "post" | "put" | "patch" | "delete";
    item[method] = {
      summary: c.summary,
      tags: [c.tag],
      operationId: `${method}${c.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, ch: string | undefined) => (ch ?? "").toUpperCase())}`,
      security: c.auth === "bearer" ? [{ bearer: [] }] : c.auth === "optional" ? [{ bearer: [] }, {}] : [],
      ...(c.permission ? { description: `Requires permission ${c.permission}.` } : {}),
      requestParams: { ...(c.params ? { path: c.params } : {}), ...(c.query ? { query: c.query } : {}) },
      ...(c.body ? { requestBody: { required: true, content: { "application/json": { schema: c.body } } } } : {}),
      ...(c.form ? { requestBody: { required: true, content: { "multipart/form-data": { schema: c.form } } } } : {}),
      responses: {
        ...(c.response
          ? { "200": { description: "OK", content: { "application/json": { schema: c.response } } } }
          : { "204": { description: "Done" } }),
        "400": errorResponse("Bad request: the errors name each invalid field"),
        ...(c.auth === "bearer"
          ? {
              "401": errorResponse("Missing, invalid or expired token (header Token-Expired: true when expired)"),
              "403": errorResponse("Access denied"),
            }
          : {}),
        "500": errorResponse("Internal error"),
      },
    };
  }
  cached = createDocument({
    openapi: "3.1.0",
    info: { title: `${PRODUCT.name} REST API`, version: PRODUCT.version },
    servers: [{ url: "/" }],
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  });
  return cached;
}

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "@/lib/api/route-table";
import { adminToken, makeSystem, makeUser, server } from "./helpers";

/**
 * Issue 10 point 4: malformed requests over every operation of /api/openapi.json, against the real server. Paths
 * with bad percent-escapes, NUL and control characters, huge segments; query parameters and JSON or multipart
 * bodies built from the operation's schemas with some values swapped for wrong types, NULs, lone surrogates, huge
 * strings and numbers; no token, a broken one, a tenant administrator's and (for reads) a SuperAdmin's. No answer
 * may be a 5xx or a redirect, and every 4xx is the error envelope. Deterministic: a fixed seed and a bounded number
 * of runs per operation.
 */
const SEED = 20261124;
const RUNS_PER_OPERATION = 20;
const SHARDS = [1, 2, 3, 4];

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { in: string; name: string; schema?: Schema; required?: boolean };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

type Token = "none" | "broken" | "tenant" | "superAdmin";
type Request = { path: string; query: string; token: Token; body?: { type?: string; data: BodyInit } };

let doc: Document;
const tokens: Record<Token, string | undefined> = {
  none: undefined,
  broken: "not-a-token-but-long-enough-0000",
  tenant: "",
  superAdmin: "",
};

beforeAll(async () => {
  const res = await fetch(`${server().url}/api/openapi.json`);
  doc = (await res.json()) as Document;
  const system = await makeSystem();
  tokens.tenant = (await makeUser(system, ["Administrator"])).token;
  tokens.superAdmin = await adminToken();
});

function resolve(schema: Schema | undefined, depth = 0): Schema {
  if (!schema || depth > 8) return {};
  if (schema.$ref) return resolve(doc.components?.schemas?.[schema.$ref.split("/").pop() ?? ""], depth + 1);
  return schema;
}

/** Values no schema expects: wrong types, NUL, control characters, lone surrogates, very large ones. */
const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    "",
    [],
    {},
    "\u0000",
    "a\u0000b",
    "\u0007",
    "\ud800",
    "x\udfffy",
  ),
  fc.constantFrom("' or 1=1 --", "../../etc/passwd", "%00", "<script>", "Supersystem", "00000000-0000-4000-8000-000000000000"),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer({ min: 1, max: 200_000 }).map((n) => "x".repeat(n)),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Values after the schema (mostly valid), each of them nasty now and then. */
function schemaValue(raw: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  const either = schema.anyOf ?? schema.oneOf;
  let valid: fc.Arbitrary<unknown>;
  if (depth > 4) valid = fc.constant(null);
  else if (schema.const !== undefined) valid = fc.constant(schema.const);
  else if (schema.enum?.length) valid = fc.constantFrom(...schema.enum);
  else if (either?.length) valid = fc.oneof(...either.map((s) => schemaValue(s, depth + 1)));
  else if (schema.allOf?.length) valid = schemaValue(schema.allOf[0], depth + 1);
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case "integer":
        valid = fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 });
        break;
      case "number":
        valid = fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
        break;
      case "boolean":
        valid = fc.boolean();
        break;
      case "array":
        valid = fc.array(schemaValue(schema.items, depth + 1), { maxLength: 3 });
        break;
      case "object": {
        const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, schemaValue(s, depth + 1)]));
        valid = fc.record(props, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
        break;
      }
      default:
        valid = stringOf(schema);
    }
  }
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: nasty });
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  if (schema.format === "uuid") return fc.uuid();
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === "email") return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // a pattern fast-check cannot generate from: plain strings
    }
  }
  return fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

/**
 * Percent-encodes any value (a lone surrogate, which encodeURIComponent refuses, becomes U+FFFD), cut to `max`
 * characters: Node refuses a request head over 16 KB with 431 before any code of ours (tests/server/paths.test.ts).
 */
const enc = (v: unknown, max = 300) =>
  encodeURIComponent((typeof v === "string" ? v : (JSON.stringify(v) ?? "")).toWellFormed().slice(0, max));

/** A path segment: a value after the parameter's schema, or a malformed one. */
const badSegment = fc.oneof(
  fc.constantFrom(
    "%",
    "%zz",
    "%c0%ae",
    "%ed%a0%80",
    "%f4%90%80%80",
    "%e2%82",
    "%00",
    "a%00b",
    "%1f",
    "%7f",
    "%ff",
    "..",
    "%2e%2e",
    "%2F",
  ),
  fc.integer({ min: 1000, max: 4000 }).map((n) => "a".repeat(n)),
  fc.string({ unit: "binary", minLength: 1, maxLength: 20 }).map(enc),
);

function segmentOf(param: Parameter | undefined): fc.Arbitrary<string> {
  const valid = schemaValue(param?.schema).map((v) => enc(v, 4000) || "x");
  return fc.oneof({ weight: 2, arbitrary: valid }, { weight: 1, arbitrary: badSegment });
}

function queryOf(params: Parameter[]): fc.Arbitrary<string> {
  const pairs = params.map((p) =>
    fc.option(
      fc.oneof(
        schemaValue(p.schema).map((v) => `${enc(p.name)}=${enc(v)}`),
        fc.constantFrom("%", "%zz", "%c0", "%00", "a%00b").map((raw) => `${enc(p.name)}=${raw}`),
      ),
      { nil: undefined },
    ),
  );
  const extra = fc.option(fc.constantFrom("%00=1", "x%00y=1", "%zz=%zz", "a=1&a=2", "=", "&&"), { nil: undefined });
  return fc.tuple(fc.tuple(...pairs), extra).map(([chosen, more]) => [...chosen, more].filter(Boolean).join("&"));
}

function bodyOf(op: Operation): fc.Arbitrary<Request["body"]> {
  const content = op.requestBody?.content ?? {};
  const json = content["application/json"];
  const form = content["multipart/form-data"];
  const raw = fc.oneof(
    fc.constantFrom("{", "[1,", "null", '"text"', '{"a":"\\u0000"}', "\u0000", ""),
    fc.string({ unit: "binary", maxLength: 50 }),
  );
  const options: fc.Arbitrary<Request["body"]>[] = [
    fc.constant(undefined),
    raw.map((data) => ({ type: "application/json", data })),
    raw.map((data) => ({ type: "text/plain", data })),
  ];
  if (json) {
    options.push(schemaValue(json.schema).map((v) => ({ type: "application/json", data: JSON.stringify(v) ?? "null" })));
    options.push(schemaValue(json.schema).map((v) => ({ type: "application/json", data: JSON.stringify(v) ?? "null" })));
  }
  if (form) {
    const schema = resolve(form.schema);
    const fileName = fc.oneof(
      fc.constantFrom("a.txt", "a\u0000b.txt", "../../x", "\u0007.pdf", "ä€.txt", ""),
      fc.string({ maxLength: 20 }),
    );
    const files = fc.array(
      fc.tuple(
        fc.constantFrom(...Object.keys(schema.properties ?? { file: {} }), "other"),
        fileName,
        fc.uint8Array({ maxLength: 2000 }),
      ),
      {
        maxLength: 4,
      },
    );
    const meta = fc.oneof(
      schemaValue(schema.properties?.meta).map((v) => JSON.stringify(v) ?? "null"),
      raw,
    );
    options.push(
      fc.tuple(fc.option(meta, { nil: undefined }), files).map(([m, parts]) => {
        const data = new FormData();
        if (m !== undefined) data.append("meta", m);
        for (const [field, name, bytes] of parts)
          data.append(field, new File([bytes], name, { type: "application/octet-stream" }));
        return { data };
      }),
    );
    options.push(raw.map((data) => ({ type: "multipart/form-data; boundary=xyz", data })));
  }
  return fc.oneof(...options);
}

function requestOf(template: string, method: string, op: Operation): fc.Arbitrary<Request> {
  const params = op.parameters ?? [];
  const segments = template.split("/").map((s) => {
    const name = /^\{(\w+)\}$/.exec(s)?.[1];
    return name ? segmentOf(params.find((p) => p.in === "path" && p.name === name)) : fc.constant(s);
  });
  const tokensFor: Token[] = method === "get" ? ["none", "broken", "tenant", "superAdmin"] : ["none", "broken", "tenant"];
  return fc.record({
    path: fc.tuple(fc.tuple(...segments), fc.boolean()).map(([parts, slash]) => parts.join("/") + (slash ? "/" : "")),
    query: queryOf(params.filter((p) => p.in === "query")),
    // signing out would end the shared token: logout gets none or a broken one
    token: fc.constantFrom(...(template === "/api/auth/logout" ? (["none", "broken"] as Token[]) : tokensFor)),
    body: method === "get" || method === "delete" ? fc.constant(undefined) : bodyOf(op),
  });
}

type Failure = { operation: string; request: string; status: number; body: string };

/**
 * Whether the path the client really sends stays in the API: fetch, like every WHATWG URL client, resolves the dot
 * segments (`..`, `%2e%2e`) of a path before sending it, so `/api/users/../%2e%2e/x` goes out as `/x`, a page path
 * whose answers (a 308 to the canonical page URL, the not-found page) are not the API's.
 */
function staysInApi(path: string): boolean {
  const sent = new URL(path, "http://localhost").pathname;
  return sent.startsWith("/api/") || sent.startsWith("/learn/api/");
}

/** undici's codes of a connection that closed under a request: the server had closed it as idle (keep-alive) */
const CLOSED_CONNECTION = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

/**
 * One request; sent again once, on a new connection, when the kept-alive connection it went out on had been closed by
 * the server as idle at that moment (no answer came; on a busy machine the client's idle timer can fire late). Any
 * other failure, or a second one, is a failure of the server.
 */
async function send(method: string, req: Request): Promise<{ status: number; type: string; text: string }> {
  try {
    return await sendOnce(method, req);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? "";
    if (!CLOSED_CONNECTION.has(code)) throw error;
    return await sendOnce(method, req);
  }
}

async function sendOnce(method: string, req: Request): Promise<{ status: number; type: string; text: string }> {
  const headers = new Headers();
  const token = tokens[req.token];
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (req.body?.type) headers.set("content-type", req.body.type);
  const res = await fetch(`${server().url}${req.path}${req.query ? `?${req.query}` : ""}`, {
    method: method.toUpperCase(),
    headers,
    body: req.body?.data,
    redirect: "manual",
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", text: await res.text() };
}

function isEnvelope(text: string): boolean {
  try {
    const json = JSON.parse(text) as { errors?: unknown };
    return (
      Array.isArray(json.errors) &&
      json.errors.length > 0 &&
      json.errors.every(
        (e) =>
          e && typeof e === "object" && typeof e.code === "string" && typeof e.message === "string" && "messageParameter" in e,
      )
    );
  } catch {
    return false;
  }
}

describe("fuzz: malformed requests over every operation of /api/openapi.json", () => {
  it("the document has every operation of the route table", () => {
    // a path the spec writes that tools would find ambiguous is documented as an alias (x-aliases) of its operation
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).flatMap(([m, op]) =>
        [path, ...((op as { "x-aliases"?: string[] })["x-aliases"] ?? [])].map((p) => `${m.toUpperCase()} ${p}`),
      ),
    );
    const routed = Object.entries(ROUTE_TABLE).flatMap(([path, methods]) => methods.map((m) => `${m} ${path}`));
    expect(documented.sort()).toEqual(expect.arrayContaining(routed.sort()));
  });

  // four shards, run side by side, each with its own timeout: one test of 2 600 requests in a row took 4 of its 5
  // minutes beside two CPU-bound processes. Operation i takes seed SEED + i in whichever shard, as before.
  it.concurrent.each(SHARDS)(
    "no 5xx, no redirect, every 4xx in the error envelope (shard %i of 4)",
    { timeout: 300_000 },
    async (shard) => {
      const failures: Failure[] = [];
      let requests = 0;
      let index = -1;
      let operations = 0;
      for (const [template, ops] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(ops)) {
          index++;
          if (index % SHARDS.length !== shard - 1) continue;
          operations++;
          const operation = `${method.toUpperCase()} ${template}`;
          const result = await fc.check(
            fc.asyncProperty(requestOf(template, method, op), async (req) => {
              requests++;
              const res = await send(method, req);
              const ok =
                res.status < 300 ||
                (!staysInApi(req.path) && res.status < 500) ||
                (res.status >= 400 && res.status < 500 && res.type.includes("application/json") && isEnvelope(res.text));
              if (!ok) {
                failures.push({
                  operation,
                  request: JSON.stringify(req).slice(0, 400),
                  status: res.status,
                  body: res.text.slice(0, 300),
                });
              }
              return ok;
            }),
            { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
          );
          if (result.failed && !failures.some((f) => f.operation === operation)) {
            const error = result.errorInstance as { cause?: { code?: string; message?: string } } | undefined;
            const cause = error?.cause ? ` (${error.cause.code ?? ""} ${error.cause.message ?? ""})` : "";
            failures.push({
              operation,
              request: JSON.stringify(result.counterexample).slice(0, 400),
              status: 0,
              body: `${String(result.errorInstance)}${cause}`,
            });
          }
        }
      }
      console.info(`fuzz shard ${shard}: ${requests} requests over ${operations} operations (seed ${SEED})`);
      expect(operations).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    },
  );
});

export type Json = { [key: string]: unknown };

const SCHEMA_REF = "#/components/schemas/";

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A deep copy of `value` with every `$ref` to a component schema replaced by (a copy of) that schema. */
function inlined(value: unknown, schemas: Json, depth = 0): unknown {
  if (depth > 32) throw new Error("openapi: request schemas nest too deep to inline");
  if (Array.isArray(value)) return value.map((v) => inlined(v, schemas, depth));
  if (!isObject(value)) return value;
  const ref = value.$ref;
  if (typeof ref === "string" && ref.startsWith(SCHEMA_REF)) {
    const { $ref: _, ...siblings } = value;
    const target = schemas[ref.slice(SCHEMA_REF.length)];
    return { ...(inlined(target, schemas, depth + 1) as Json), ...(inlined(siblings, schemas, depth + 1) as Json) };
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inlined(v, schemas, depth)]));
}

function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, found);
  else if (isObject(value)) {
    if (typeof value.$ref === "string" && value.$ref.startsWith(SCHEMA_REF)) found.add(value.$ref.slice(SCHEMA_REF.length));
    for (const v of Object.values(value)) refsIn(v, found);
  }
  return found;
}

function renameRefs(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => renameRefs(v, from, to));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      k === "$ref" && v === SCHEMA_REF + from ? SCHEMA_REF + to : renameRefs(v, from, to),
    ]),
  );
}

/** A parameter shows its example itself (the schema's, or the first value of an enum), as tools read it there. */
function exampleOnParameter(parameter: Json): void {
  const schema = parameter.schema as Json | undefined;
  if (!schema) return;
  const example = schema.example ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined);
  delete schema.example;
  if (example !== undefined) parameter.example = example;
}

/**
 * Request bodies are written out in place rather than as `$ref`s to components: generated clients (openapi-typescript)
 * read a property with a `default` in a component as always present, so a field the server defaults would become
 * required to send. Components no request or answer uses any more go; an answer's `XOutput` takes the name `X` when
 * that is free again.
 */
export function tidyDocument(document: Json): Json {
  const components = (document.components ?? {}) as Json;
  const schemas = (components.schemas ?? {}) as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  for (const item of Object.values(paths)) {
    for (const operation of Object.values(item)) {
      const content = (operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
      for (const media of Object.values(content ?? {})) media.schema = inlined(media.schema, schemas);
      const parameters = operation.parameters as Json[] | undefined;
      if (parameters && !parameters.length) delete operation.parameters;
      for (const parameter of parameters ?? []) exampleOnParameter(parameter);
    }
  }
  // keep what is still referenced, transitively
  const keep = new Set<string>();
  let frontier = refsIn(paths);
  while (frontier.size) {
    const next = new Set<string>();
    for (const name of frontier) {
      if (keep.has(name)) continue;
      keep.add(name);
      for (const ref of refsIn(schemas[name])) next.add(ref);
    }
    frontier = next;
  }
  let result: Json = { ...document };
  let kept: Json = Object.fromEntries(Object.entries(schemas).filter(([name]) => keep.has(name)));
  for (const name of Object.keys(kept)) {
    const base = name.replace(/Output$/, "");
    if (base === name || base in kept) continue;
    kept = Object.fromEntries(Object.entries(kept).map(([n, s]) => [n === name ? base : n, s]));
    result = renameRefs(result, name, base) as Json;
    kept = renameRefs(kept, name, base) as Json;
  }
  return { ...result, components: { ...((result.components as Json) ?? {}), schemas: kept } };
}

import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/portal/page-header";
import { Badge } from "@/components/ui/badge";

type Json = Record<string, unknown>;
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Json }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
};

const METHOD_STYLE: Record<string, string> = {
  get: "bg-primary text-primary-foreground",
  post: "bg-success text-success-foreground",
  put: "bg-warning text-warning-foreground",
  patch: "bg-warning text-warning-foreground",
  delete: "bg-destructive text-destructive-foreground",
};

function SchemaBlock({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="rounded border bg-muted/40 px-3 py-2 text-sm">
      <summary className="cursor-pointer">{label}</summary>
      <pre className="mt-2 overflow-x-auto text-xs">{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}

/** The parts of the OpenAPI document the reference shows. */
export type ApiDocument = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Json } };

/** The API reference, rendered on the server from /api/openapi.json: no CDN, no client bundle. */
export async function ApiReference({ doc }: { doc: ApiDocument }) {
  const t = await getTranslations("apidocs");
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
  const tags = [...new Set(operations.map((o) => o.op.tags?.[0] ?? "API"))].sort();
  return (
    <div className="max-w-5xl">
      <PageHeader title={t("title")} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">
        {t("intro")}{" "}
        <Link className="text-primary underline underline-offset-4 hover:decoration-2" href="/api/openapi.json">
          /api/openapi.json
        </Link>
      </p>
      {tags.map((tag) => (
        <section key={tag} className="mb-8">
          <h2 className="mb-3 border-b pb-1 text-lg font-semibold">{tag}</h2>
          <div className="space-y-3">
            {operations
              .filter((o) => (o.op.tags?.[0] ?? "API") === tag)
              .map(({ path, method, op }) => (
                <article key={`${method} ${path}`} className="rounded-md border p-3" data-testid="api-operation">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_STYLE[method] ?? ""}`}>
                      {method}
                    </span>
                    <code className="text-sm font-semibold">{path}</code>
                    <Badge variant="outline">{op.security?.length ? t("auth") : t("public")}</Badge>
                  </div>
                  {op.summary && <p className="mt-2 text-sm">{op.summary}</p>}
                  {op.description && <p className="mt-1 text-sm text-muted-foreground">{op.description}</p>}
                  <div className="mt-2 space-y-2">
                    {op.parameters?.length ? <SchemaBlock label={t("parameters")} schema={op.parameters} /> : null}
                    {op.requestBody?.content?.["application/json"]?.schema ? (
                      <SchemaBlock label={t("requestBody")} schema={op.requestBody.content["application/json"].schema} />
                    ) : null}
                    {op.responses ? (
                      <SchemaBlock
                        label={`${t("responses")}: ${Object.keys(op.responses).join(", ")}`}
                        schema={Object.fromEntries(
                          Object.entries(op.responses).map(([code, r]) => [
                            code,
                            r.content?.["application/json"]?.schema ?? r.description,
                          ]),
                        )}
                      />
                    ) : null}
                  </div>
                </article>
              ))}
          </div>
        </section>
      ))}
      {doc.components?.schemas && (
        <section>
          <h2 className="mb-3 border-b pb-1 text-lg font-semibold">{t("schema")}</h2>
          <div className="space-y-2">
            {Object.entries(doc.components.schemas).map(([name, schema]) => (
              <SchemaBlock key={name} label={name} schema={schema} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

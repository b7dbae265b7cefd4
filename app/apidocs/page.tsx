import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type ApiDocument, ApiReference } from "@/components/portal/api-reference";
import { openApiDocument } from "@/lib/api/openapi";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apidocs"))("title") };
}

/** The API reference of /api/openapi.json (public: it describes, it grants nothing). */
export default function ApiDocsPage() {
  return <ApiReference doc={openApiDocument() as unknown as ApiDocument} />;
}

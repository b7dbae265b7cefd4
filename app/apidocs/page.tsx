import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { type ApiDocument, ApiReference } from "@/components/portal/api-reference";
import { FeatureOff } from "@/components/portal/feature-off";
import { openApiDocument } from "@/lib/api/openapi";
import { getFeatureFlags } from "@/lib/config/service-config";
import { getDb } from "@/lib/setup/bootstrap";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apidocs"))("title") };
}

/** The API reference of /api/openapi.json (public: it describes, it grants nothing), unless OpenApi is switched off. */
export default async function ApiDocsPage() {
  if (!(await getFeatureFlags(await getDb())).OpenApi) return <FeatureOff feature="OpenApi" />;
  return <ApiReference doc={openApiDocument() as unknown as ApiDocument} />;
}

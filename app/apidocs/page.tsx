import type { Metadata } from "next";
import { connection } from "next/server";
import { getTranslations } from "next-intl/server";
import { type ApiDocument, ApiReference } from "@/components/portal/api-reference";
import { FeatureOff } from "@/components/portal/feature-off";
import { openApiDocument } from "@/lib/api/openapi";
import { getDb } from "@/lib/db";
import { getFeatureFlags } from "@/lib/settings/store";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apidocs"))("title") };
}

/** The API reference of /api/openapi.json (public: it describes, it grants nothing), unless OpenApi is switched off. */
export default async function ApiDocsPage() {
  // rendered per request: the feature flag is read from the database, which the build never opens
  await connection();
  if (!(await getFeatureFlags(await getDb())).OpenApi) return <FeatureOff feature="OpenApi" />;
  return <ApiReference doc={openApiDocument() as unknown as ApiDocument} />;
}

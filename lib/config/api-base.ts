import { headers } from "next/headers";
import { getDb } from "@/lib/setup/bootstrap";
import { getServiceConfig } from "./service-config";

/** The API base URL shown on the dashboard: the configured service URL, else the one this page came from. */
export async function apiBaseUrl(): Promise<string> {
  const configured = (await getServiceConfig(await getDb())).serviceUrl;
  if (configured) return `${configured.replace(/\/+$/, "")}/api/`;
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}/api/`;
}

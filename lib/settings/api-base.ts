import { getDb } from "@/lib/db";
import { requestOrigin } from "./request-origin";
import { getServiceConfig } from "./store";

/** The API base URL shown on the dashboard: the configured service URL, else the one this page came from. */
export async function apiBaseUrl(): Promise<string> {
  const configured = (await getServiceConfig(await getDb())).serviceUrl;
  return `${(configured || (await requestOrigin())).replace(/\/+$/, "")}/api/`;
}

import { z } from "zod";
import { ZModule, ZServerInfo, ZServiceInfo } from "@/lib/about/schemas";
import { ZFeatureFlags, ZFeatureFlagsPatch } from "@/lib/settings/schemas";
import { defineContract } from "../contract";

export const infoContract = defineContract({
  method: "GET",
  path: "/api/info",
  summary: "Server info: product, version, API versions, station id",
  tag: "About",
  auth: "none",
  response: ZServerInfo,
});

export const serviceInfoContract = defineContract({
  method: "GET",
  path: "/api/config/serviceinfo",
  summary: "Service info (maintenance mode, e-mail confirmation, container mode, export disabled); polled every 10 s",
  tag: "Configuration",
  auth: "none",
  response: ZServiceInfo,
});

export const modulesContract = defineContract({
  method: "GET",
  path: "/api/about/modules",
  summary: "Third-party modules of this build",
  tag: "About",
  auth: "none",
  response: z.array(ZModule),
});

export const featureFlagsContract = defineContract({
  method: "GET",
  path: "/api/v3/featureflags",
  summary: "Feature flags",
  tag: "Configuration",
  auth: "bearer",
  response: ZFeatureFlags,
});

export const putFeatureFlagsContract = defineContract({
  method: "PUT",
  path: "/api/v3/featureflags",
  summary: "Switch features on or off (the flags sent; beyond the spec)",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  body: ZFeatureFlagsPatch,
  response: ZFeatureFlags,
  errors: ["ConfigurationExportDisabled"],
  maxBodyBytes: 16 * 1024,
});

export const openApiContract = defineContract({
  method: "GET",
  path: "/api/openapi.json",
  summary: "This document (OpenAPI 3.1)",
  tag: "About",
  auth: "none",
  response: z.record(z.string(), z.unknown()),
  errors: ["FeatureDisabled"],
  example: { response: { openapi: "3.1.0", info: { title: "DocService REST API", version: "12.5.1" }, paths: {} } },
});

const ZHealth = z
  .object({ status: z.enum(["ok", "unavailable"]), checks: z.record(z.string(), z.string()).optional() })
  .meta({ id: "Health" });

export const healthContract = defineContract({
  method: "GET",
  path: "/api/health",
  summary: "Liveness: the process answers",
  tag: "Health",
  auth: "none",
  response: ZHealth,
  example: { response: { status: "ok" } },
});

export const readyContract = defineContract({
  method: "GET",
  path: "/api/health/ready",
  summary: "Readiness: the database and, when configured, Redis answer (503 otherwise)",
  tag: "Health",
  auth: "none",
  response: ZHealth,
  otherResponses: { 503: { description: "Not ready: the checks, each ok or what failed", schema: ZHealth } },
  example: { response: { status: "ok", checks: { database: "ok", redis: "ok" } } },
});

import { z } from "zod";

export const ZServerInfo = z
  .object({
    Type: z.string(),
    Version: z.string(),
    Revision: z.number().int(),
    Name: z.string(),
    Copyright: z.string(),
    Company: z.string(),
    CurrentApiVersion: z.string(),
    AvailableApiVersions: z.array(z.string()),
    StationId: z.uuid(),
  })
  .meta({ id: "ServerInfo", description: "spec foundation §3 Server info" });

export const ZModule = z
  .object({
    name: z.string(),
    url: z.string(),
    version: z.string(),
    license: z.string(),
    licenseurl: z.string(),
    copyright: z.string(),
  })
  .meta({ id: "ExternalModule", description: "spec foundation §3 External module" });
export type ExternalModule = z.infer<typeof ZModule>;

export const ZServiceInfo = z
  .object({
    isEmailConfirmationActive: z.boolean(),
    isContainerMode: z.boolean(),
    isMaintenanceModeEnabled: z.boolean(),
    isConfigurationExportDisabled: z.boolean(),
  })
  .meta({ id: "ServiceInfo", description: "spec foundation §3 Service info" });

export const ZFeatureFlags = z
  .object({ Download: z.boolean(), LearnPortal: z.boolean(), OpenApi: z.boolean() })
  .meta({ id: "FeatureFlags", description: "DESIGN.md Feature flags" });

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
  .meta({
    id: "ServerInfo",
    description: "spec foundation §3 Server info",
    examples: [
      {
        Type: "DocumentService",
        Version: "12.5.1",
        Revision: 49250,
        Name: "DocService",
        Copyright: "© 2026 DocService",
        Company: "DocService",
        CurrentApiVersion: "v3",
        AvailableApiVersions: ["v1", "v2", "v3"],
        StationId: "5e8a1f0b-2c3d-4e5f-8a9b-0c1d2e3f4a5b",
      },
    ],
  });

export const ZModule = z
  .object({
    name: z.string(),
    url: z.string(),
    version: z.string(),
    license: z.string(),
    licenseurl: z.string(),
    copyright: z.string(),
  })
  .meta({
    id: "ExternalModule",
    description: "spec foundation §3 External module",
    examples: [
      {
        name: "next",
        url: "https://nextjs.org",
        version: "16.4.0",
        license: "MIT",
        licenseurl: "https://opensource.org/licenses/MIT",
        copyright: "Vercel, Inc.",
      },
    ],
  });
export type ExternalModule = z.infer<typeof ZModule>;

export const ZServiceInfo = z
  .object({
    isEmailConfirmationActive: z.boolean(),
    isContainerMode: z.boolean(),
    isMaintenanceModeEnabled: z.boolean(),
    isConfigurationExportDisabled: z.boolean(),
  })
  .meta({
    id: "ServiceInfo",
    description: "spec foundation §3 Service info",
    examples: [
      {
        isEmailConfirmationActive: false,
        isContainerMode: false,
        isMaintenanceModeEnabled: false,
        isConfigurationExportDisabled: false,
      },
    ],
  });

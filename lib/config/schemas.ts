import { z } from "zod";

/** spec foundation §9: the token expiration is at least 10 minutes. */
export const TOKEN_EXPIRATION_MIN_MINUTES = 10;

const days = z.number().int().min(0).max(36_500);
/** an upload limit: 1 KiB to 16 GiB */
const uploadBytes = z
  .number()
  .int()
  .min(1024)
  .max(16 * 1024 ** 3);

/** A secret as the API shows it: never in clear (DESIGN.md "Passwords"). */
export const SECRET_PLACEHOLDER = "********";

const MiB = 1024 * 1024;

/** spec operations §3 "Service config", as read and written through v3/config/service. */
const ZServiceConfigFields = z.object({
  deleteNew: days,
  deleteExtracted: days,
  deleteDeleted: days,
  deleteError: days,
  maxWorkerCount: z.number().int().min(0).max(1024),
  maxSyncWorkerCount: z.number().int().min(0).max(1024),
  derpcsUrl: z.string().max(2000),
  ccsApiKey: z.string().max(2000),
  serviceUrl: z.union([z.url({ error: "InvalidField" }).max(2000), z.literal("")]),
  tokenExpirationMinutes: z
    .number()
    .int()
    .min(TOKEN_EXPIRATION_MIN_MINUTES, "configuration_error_tokenExpirationTooLow")
    .max(525_600),
  workingDirectory: z.string().max(1000),
  systemsDirectory: z.string().max(1000),
  fileLoggingEnabled: z.boolean(),
  fileLoggingFile: z.string().max(1000),
  fileLoggingLevel: z.string().max(20),
  log4NetFile: z.string().max(1000),
  isEmailConfirmationActive: z.boolean(),
  eMailHost: z.string().max(500),
  eMailUser: z.string().max(500),
  eMailPassword: z.string().max(1000),
  maxFailedAccessAttempts: z.number().int().min(1).max(100),
  /** DESIGN.md "Lockout" */
  lockoutMinutes: z.number().int().min(1).max(10_080),
  logLevels: z.array(z.string().max(20)).max(20),
  isApiV1Enabled: z.boolean(),
  isMaintenanceModeEnabled: z.boolean(),
  /** upload limits (docs/decisions.md "Uploads"): bytes of one order file, of a job's order files, files per job */
  maxOrderFileBytes: uploadBytes,
  maxJobBytes: uploadBytes,
  maxOrderFiles: z.number().int().min(1).max(10_000),
  /** bytes of a project file (.esproject) as uploaded */
  maxProjectFileBytes: uploadBytes,
});
export type ServiceConfigDto = z.infer<typeof ZServiceConfigFields>;

/** The service configuration of a new installation, as the API shows it (no secret set). */
export const SERVICE_CONFIG_DEFAULTS: ServiceConfigDto = {
  deleteNew: 30,
  deleteExtracted: 30,
  deleteDeleted: 7,
  deleteError: 30,
  maxWorkerCount: 0,
  maxSyncWorkerCount: 0,
  derpcsUrl: "",
  ccsApiKey: "",
  serviceUrl: "",
  tokenExpirationMinutes: 60,
  workingDirectory: "files/work",
  systemsDirectory: "files/systems",
  fileLoggingEnabled: false,
  fileLoggingFile: "logs/service.log",
  fileLoggingLevel: "Info",
  log4NetFile: "",
  isEmailConfirmationActive: false,
  eMailHost: "",
  eMailUser: "",
  eMailPassword: "",
  maxFailedAccessAttempts: 3,
  lockoutMinutes: 15,
  logLevels: ["Off", "Fatal", "Error", "Warn", "Info", "Debug", "Trace"],
  isApiV1Enabled: true,
  isMaintenanceModeEnabled: false,
  maxOrderFileBytes: 100 * MiB,
  maxJobBytes: 200 * MiB,
  maxOrderFiles: 100,
  maxProjectFileBytes: 50 * MiB,
};

export const ZServiceConfig = ZServiceConfigFields.meta({
  id: "ServiceConfig",
  description: "spec operations §3 Service config; secrets read as ********",
  examples: [
    {
      ...SERVICE_CONFIG_DEFAULTS,
      maxWorkerCount: 4,
      ccsApiKey: SECRET_PLACEHOLDER,
      serviceUrl: "https://docservice.example.com",
      isEmailConfirmationActive: true,
      eMailHost: "smtp.example.com",
      eMailUser: "docservice",
      eMailPassword: SECRET_PLACEHOLDER,
    },
  ],
});

export const ZServiceConfigPatch = ZServiceConfig.partial().meta({
  id: "ServiceConfigPatch",
  description: "the fields to change; a secret sent as ******** stays, an empty one is cleared",
  examples: [{ isMaintenanceModeEnabled: true, tokenExpirationMinutes: 30 }],
});

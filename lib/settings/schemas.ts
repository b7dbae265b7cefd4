import { z } from "zod";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";

/** DESIGN.md "Feature flags" */
const ZFeatureFlagFields = z.object({
  /** the downloads pages and calls (archived metrics, audit trail, metric aggregates) */
  Download: z.boolean(),
  /** the learn portal's pages (/learn/{systemName}/project/{id}); learn projects and their calls stay */
  LearnPortal: z.boolean(),
  /** the API reference page and /api/openapi.json */
  OpenApi: z.boolean(),
});
export type FeatureFlags = z.infer<typeof ZFeatureFlagFields>;
export type FeatureName = keyof FeatureFlags;
/** every feature ships on (docs/decisions.md, REST API) */
export const DEFAULT_FEATURE_FLAGS: FeatureFlags = { Download: true, LearnPortal: true, OpenApi: true };
export const ZFeatureFlags = ZFeatureFlagFields.meta({
  id: "FeatureFlags",
  description: "DESIGN.md Feature flags: what this installation offers",
  examples: [DEFAULT_FEATURE_FLAGS],
});
export const ZFeatureFlagsPatch = ZFeatureFlagFields.partial().meta({
  id: "FeatureFlagsPatch",
  description: "the flags to change",
  examples: [{ LearnPortal: false }],
});

/** spec foundation §9: the token expiration is at least 10 minutes. */
export const TOKEN_EXPIRATION_MIN_MINUTES = 10;

const days = z.number().int().min(0).max(36_500);
/** an upload limit: 1 KiB to 16 GiB */
const uploadBytes = z
  .number()
  .int()
  .min(1024)
  .max(16 * 1024 ** 3);

const MiB = 1024 * 1024;

/** The log levels of workers (the job log levels, spec operations §3). */
export const WORKER_LOG_LEVELS = ["Off", "Fatal", "Error", "Warn", "Info", "Debug", "Trace"] as const;
export type WorkerLogLevel = (typeof WORKER_LOG_LEVELS)[number];
const ZWorkerLogLevel = z.enum(WORKER_LOG_LEVELS, { error: "InvalidField" });

/**
 * A log file is a path below the data directory (DATA_DIR), written as relative: no absolute path, no `..`, no
 * control character (docs/decisions.md "Service settings": the service writes nowhere else). Empty passes here (the
 * rule across fields asks for one).
 */
export function isDataDirPath(value: string): boolean {
  const v = value.trim();
  if (v === "") return true;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(v) || /^([/\\]|[A-Za-z]:)/.test(v) || /[/\\]$/.test(v)) return false;
  return !v.split(/[/\\]+/).some((part) => part === "." || part === "..");
}

/**
 * spec operations §3 service settings this installation shows with the value it works with but does not let change
 * (docs/decisions.md "Service settings"): a PUT may send them only as they are.
 */
export const FIXED_SERVICE_SETTINGS = ["maxSyncWorkerCount", "workingDirectory", "systemsDirectory", "log4NetFile"] as const;
export type FixedServiceSetting = (typeof FIXED_SERVICE_SETTINGS)[number];

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
  fileLoggingFile: z.string().max(1000).refine(isDataDirPath, "configuration_error_logFilePath"),
  fileLoggingLevel: ZWorkerLogLevel,
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

export const ZServiceConfigPatch = ZServiceConfigFields.partial()
  .superRefine((v, ctx) => {
    // the rules across fields that the body alone decides (with the stored values: the service checks again),
    // reported with the fields' own issues
    if (v.isEmailConfirmationActive === true && v.eMailHost !== undefined && !v.eMailHost.trim())
      ctx.addIssue({ code: "custom", message: "configuration_error_missingEMailHost", path: ["eMailHost"] });
    if (v.fileLoggingFile !== undefined && v.log4NetFile !== undefined && !v.fileLoggingFile.trim() && !v.log4NetFile.trim())
      ctx.addIssue({ code: "custom", message: "configuration_error_missingLogFile", path: ["fileLoggingFile"] });
  })
  .meta({
    id: "ServiceConfigPatch",
    description: "the fields to change; a secret sent as ******** stays, an empty one is cleared",
    examples: [{ isMaintenanceModeEnabled: true, tokenExpirationMinutes: 30 }],
  });

/**
 * spec operations §5 "Service config": the rules across fields, on the merged configuration (what would be stored).
 * The log-file rule holds always (the spec names no condition): a log file or a log4net configuration file.
 * Each failure names its field, so forms show it under that field. Pure: the form and the service use it.
 */
export function serviceConfigRuleFailures(
  config: Pick<ServiceConfigDto, "isEmailConfirmationActive" | "eMailHost" | "fileLoggingFile" | "log4NetFile">,
): { code: "configuration_error_missingEMailHost" | "configuration_error_missingLogFile"; params: { field: string } }[] {
  const failures: ReturnType<typeof serviceConfigRuleFailures> = [];
  if (config.isEmailConfirmationActive && !config.eMailHost.trim())
    failures.push({ code: "configuration_error_missingEMailHost", params: { field: "eMailHost" } });
  if (!config.fileLoggingFile.trim() && !config.log4NetFile.trim())
    failures.push({ code: "configuration_error_missingLogFile", params: { field: "fileLoggingFile" } });
  return failures;
}

/** The service settings form: every field as typed, the rules of §5 checked all at once. */
export const serviceConfigFormSchema = ZServiceConfigFields.superRefine((v, ctx) => {
  for (const f of serviceConfigRuleFailures(v)) ctx.addIssue({ code: "custom", message: f.code, path: [f.params.field] });
});

// ---- learn, worker and learn-worker configuration (spec operations §3), stored like the service config ----

/** spec operations §9: JSON format Compact or Nice (how result.json is written) */
export const JSON_FORMATS = ["Compact", "Nice"] as const;

const ZLearnConfigFields = z.object({
  createLearnJobOnClusterChange: z.boolean(),
  createLearnJobOnProjectChange: z.boolean(),
});
export type LearnConfigDto = z.infer<typeof ZLearnConfigFields>;
export const LEARN_CONFIG_DEFAULTS: LearnConfigDto = { createLearnJobOnClusterChange: true, createLearnJobOnProjectChange: true };
export const ZLearnConfig = ZLearnConfigFields.meta({
  id: "LearnConfig",
  description: "spec operations §3 Learn config",
  examples: [LEARN_CONFIG_DEFAULTS],
});
export const ZLearnConfigPatch = ZLearnConfigFields.partial().meta({
  id: "LearnConfigPatch",
  description: "the fields to change",
  examples: [{ createLearnJobOnProjectChange: false }],
});

const ZWorkerConfigFields = z.object({
  /** scripts in projects may run (no project script engine yet: stored and shown) */
  isScriptingEnabled: z.boolean(),
  jsonFormat: z.enum(JSON_FORMATS, { error: "InvalidField" }),
  /** the level of the workers' log, applied to running workers */
  logLevel: ZWorkerLogLevel,
  /** the levels offered for jobs */
  logLevels: z.array(ZWorkerLogLevel).max(WORKER_LOG_LEVELS.length),
  /** the time one document may take (reading, OCR, classification); beyond it the job ends in Error DocumentTimeout */
  documentTimeoutSeconds: z.number().int().min(10).max(3600),
  /**
   * the memory one document may take (the PDF reader's growth, a native OCR or PDF tool's address space, an image's
   * pixels); beyond it the job ends in Error DocumentTooLarge and the worker goes on
   */
  documentMemoryMegabytes: z.number().int().min(128).max(65536),
});
export type WorkerConfigDto = z.infer<typeof ZWorkerConfigFields>;
export const WORKER_CONFIG_DEFAULTS: WorkerConfigDto = {
  isScriptingEnabled: false,
  jsonFormat: "Nice",
  logLevel: "Info",
  logLevels: [...WORKER_LOG_LEVELS],
  documentTimeoutSeconds: 300,
  documentMemoryMegabytes: 2048,
};
export const ZWorkerConfig = ZWorkerConfigFields.meta({
  id: "WorkerConfig",
  description: "spec operations §3 Worker config",
  examples: [WORKER_CONFIG_DEFAULTS],
});
export const ZWorkerConfigPatch = ZWorkerConfigFields.partial().meta({
  id: "WorkerConfigPatch",
  description: "the fields to change",
  examples: [{ logLevel: "Debug", jsonFormat: "Compact" }],
});

const ZLearnWorkerConfigFields = z.object({ logLevel: ZWorkerLogLevel, logLevels: ZWorkerConfigFields.shape.logLevels });
export type LearnWorkerConfigDto = z.infer<typeof ZLearnWorkerConfigFields>;
export const LEARN_WORKER_CONFIG_DEFAULTS: LearnWorkerConfigDto = { logLevel: "Info", logLevels: [...WORKER_LOG_LEVELS] };
export const ZLearnWorkerConfig = ZLearnWorkerConfigFields.meta({
  id: "LearnWorkerConfig",
  description: "spec operations §3 Learn worker config",
  examples: [LEARN_WORKER_CONFIG_DEFAULTS],
});
export const ZLearnWorkerConfigPatch = ZLearnWorkerConfigFields.partial().meta({
  id: "LearnWorkerConfigPatch",
  description: "the fields to change",
  examples: [{ logLevel: "Warn" }],
});

/** The worker settings page: both tabs in one form each. */
export const workerConfigFormSchema = ZWorkerConfigFields;
export const learnWorkerConfigFormSchema = ZLearnWorkerConfigFields;
export const learnConfigFormSchema = ZLearnConfigFields;

/** Why a connection test went as it did (beyond the spec): the page explains each in the user's language. */
export const CONFIG_TEST_REASONS = [
  "mailSent",
  "answered",
  "noMailHost",
  "noUrl",
  "notHttp",
  "timeout",
  "refused",
  "unknownHost",
  "badPort",
  "authFailed",
  "rejected",
  "other",
] as const;
export type ConfigTestReasonCode = (typeof CONFIG_TEST_REASONS)[number];

/** spec operations §3 "Test result" of POST v3/config/service/test; `reason` beyond the spec */
export const ZConfigTestResult = z
  .object({
    success: z.boolean(),
    /** English */
    message: z.string(),
    reason: z
      .object({
        code: z.enum(CONFIG_TEST_REASONS),
        params: z.record(z.string(), z.union([z.string(), z.number()])),
      })
      .meta({ id: "ConfigTestReason", description: "why, as a code with its parameters (the message's parts)" }),
  })
  .meta({
    id: "ConfigTestResult",
    examples: [
      {
        success: true,
        message: "A test mail was sent to admin@example.com through mail.example.com.",
        reason: { code: "mailSent", params: { to: "admin@example.com", host: "mail.example.com" } },
      },
    ],
  });
export type ConfigTestResult = z.infer<typeof ZConfigTestResult>;
export const CONFIG_TEST_SERVICES = ["erpcs", "smtp"] as const;
export const ZConfigTestQuery = z.object({
  service: z.enum(CONFIG_TEST_SERVICES, { error: "InvalidField" }).meta({ example: "smtp" }),
});

/** The environment the service runs in, as config/all shows it (read-only; secrets masked). */
const ZEnvironment = z.object({
  dataDir: z.string(),
  database: z.string(),
  redis: z.string(),
  logLevel: z.string(),
  isContainerMode: z.boolean(),
  isConfigurationExportDisabled: z.boolean(),
  logicalCpus: z.number().int(),
  timeZone: z.string(),
  nodeVersion: z.string(),
  /** METRICS_TOKEN is set: GET /api/metrics answers (the token itself is never shown) */
  isMetricsEndpointEnabled: z.boolean(),
});
export type EnvironmentDto = z.infer<typeof ZEnvironment>;

/** GET config/all (DESIGN.md "Configuration"): the effective settings grouped, secrets masked. */
export const ZConfigAll = z
  .object({
    service: ZServiceConfigFields,
    learn: ZLearnConfigFields,
    worker: ZWorkerConfigFields,
    learnWorker: ZLearnWorkerConfigFields,
    featureFlags: ZFeatureFlags,
    environment: ZEnvironment,
  })
  .meta({
    id: "ConfigAll",
    description: "every effective setting, grouped; secrets read as ********",
    examples: [
      {
        service: SERVICE_CONFIG_DEFAULTS,
        learn: LEARN_CONFIG_DEFAULTS,
        worker: WORKER_CONFIG_DEFAULTS,
        learnWorker: LEARN_WORKER_CONFIG_DEFAULTS,
        featureFlags: DEFAULT_FEATURE_FLAGS,
        environment: {
          dataDir: "/var/lib/docservice",
          database: "postgres://docservice:********@db:5432/docservice",
          redis: "redis://redis:6379",
          logLevel: "info",
          isContainerMode: true,
          isConfigurationExportDisabled: false,
          logicalCpus: 4,
          timeZone: "Europe/Berlin",
          nodeVersion: "v22.12.0",
          isMetricsEndpointEnabled: true,
        },
      },
    ],
  });
export type ConfigAllDto = z.infer<typeof ZConfigAll>;

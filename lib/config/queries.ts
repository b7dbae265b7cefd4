import os from "node:os";
import path from "node:path";
import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { SECRET_PLACEHOLDER } from "@/lib/crypto/placeholder";
import { dataDir, metricsToken } from "@/lib/env";
import { stdoutLevel } from "@/lib/log";
import type {
  ConfigAllDto,
  EnvironmentDto,
  FixedServiceSetting,
  LearnConfigDto,
  LearnWorkerConfigDto,
  ServiceConfigDto,
  WorkerConfigDto,
} from "@/lib/settings/schemas";
import {
  getFeatureFlags,
  getLearnConfig,
  getLearnWorkerConfig,
  getServiceConfig,
  getWorkerConfig,
  type ServiceConfig,
} from "@/lib/settings/store";
import { assertManagesConfiguration, isConfigurationExportDisabled } from "./access";

/**
 * The fixed service settings (FIXED_SERVICE_SETTINGS, docs/decisions.md "Service settings") with the values the service
 * works with: no synchronous workers (every job goes through the queue), the processing's scratch files in each node's
 * temporary folder, the systems' files below DATA_DIR/files, no log4net configuration.
 */
export function fixedServiceSettings(): Pick<ServiceConfigDto, FixedServiceSetting> {
  return {
    maxSyncWorkerCount: 0,
    workingDirectory: os.tmpdir(),
    systemsDirectory: path.join(dataDir(), "files", "systems"),
    log4NetFile: "",
  };
}

/** The service configuration as the API shows it: stored secrets as a placeholder, never in clear; fixed ones as they work. */
export function toServiceConfigDto(config: ServiceConfig): ServiceConfigDto {
  const { ccsApiKeySealed, eMailPasswordSealed, ...rest } = config;
  return {
    ...rest,
    ...fixedServiceSettings(),
    ccsApiKey: ccsApiKeySealed ? SECRET_PLACEHOLDER : "",
    eMailPassword: eMailPasswordSealed ? SECRET_PLACEHOLDER : "",
  };
}

/** GET v3/config/service (ManageConfiguration): the effective configuration, secrets as placeholders. */
export async function readServiceConfig(db: Database, caller: Caller): Promise<ServiceConfigDto> {
  assertManagesConfiguration(caller);
  return toServiceConfigDto(await getServiceConfig(db));
}

/** GET v3/config/worker/ (ManageConfiguration) */
export async function readWorkerConfig(db: Database, caller: Caller): Promise<WorkerConfigDto> {
  assertManagesConfiguration(caller);
  return getWorkerConfig(db);
}

/** GET /learn/api/v1/config (ManageConfiguration) */
export async function readLearnConfig(db: Database, caller: Caller): Promise<LearnConfigDto> {
  assertManagesConfiguration(caller);
  return getLearnConfig(db);
}

/** GET /learn/api/v1/workerconfig (ManageConfiguration) */
export async function readLearnWorkerConfig(db: Database, caller: Caller): Promise<LearnWorkerConfigDto> {
  assertManagesConfiguration(caller);
  return getLearnWorkerConfig(db);
}

/** A connection URL with its password (and any query, which may carry one) masked. */
export function maskUrl(value: string | undefined): string {
  if (!value) return "";
  try {
    const url = new URL(value);
    if (url.password) url.password = SECRET_PLACEHOLDER;
    url.search = url.search ? `?${SECRET_PLACEHOLDER}` : "";
    return url.toString();
  } catch {
    return SECRET_PLACEHOLDER;
  }
}

/** The environment the service runs in (read-only: set when it starts). */
export function environment(): EnvironmentDto {
  return {
    dataDir: dataDir(),
    database: process.env.DATABASE_URL ? maskUrl(process.env.DATABASE_URL) : "PGlite (embedded)",
    redis: process.env.REDIS_URL ? maskUrl(process.env.REDIS_URL) : "in-process (embedded)",
    logLevel: stdoutLevel(),
    isContainerMode: process.env.CONTAINER_MODE === "true",
    isConfigurationExportDisabled: isConfigurationExportDisabled(),
    logicalCpus: os.availableParallelism(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    nodeVersion: process.version,
    isMetricsEndpointEnabled: metricsToken() !== undefined,
  };
}

/** Every effective setting grouped, secrets masked: config/all and the ConfigurationExport task. */
export async function effectiveSettings(db: Database): Promise<ConfigAllDto> {
  const [service, learn, worker, learnWorker, featureFlags] = await Promise.all([
    getServiceConfig(db),
    getLearnConfig(db),
    getWorkerConfig(db),
    getLearnWorkerConfig(db),
    getFeatureFlags(db),
  ]);
  return { service: toServiceConfigDto(service), learn, worker, learnWorker, featureFlags, environment: environment() };
}

/** GET config/all (ManageConfiguration; DESIGN.md "Configuration") */
export async function readConfigAll(db: Database, caller: Caller): Promise<ConfigAllDto> {
  assertManagesConfiguration(caller);
  return effectiveSettings(db);
}

import { eq, sql } from "drizzle-orm";
import type { Database } from "@/db/client";
import { settings } from "@/db/schema";
import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from "@/lib/settings/schemas";
import {
  LEARN_CONFIG_DEFAULTS,
  LEARN_WORKER_CONFIG_DEFAULTS,
  type LearnConfigDto,
  type LearnWorkerConfigDto,
  SERVICE_CONFIG_DEFAULTS,
  type ServiceConfigDto,
  WORKER_CONFIG_DEFAULTS,
  type WorkerConfigDto,
} from "./schemas";

/** spec operations §3 "Service config" as stored: the secrets are held sealed (lib/crypto/secrets.ts). */
export type ServiceConfig = Omit<ServiceConfigDto, "ccsApiKey" | "eMailPassword"> & {
  ccsApiKeySealed: string | null;
  eMailPasswordSealed: string | null;
};

const { ccsApiKey: _noKey, eMailPassword: _noPassword, ...plainDefaults } = SERVICE_CONFIG_DEFAULTS;
export const DEFAULT_SERVICE_CONFIG: ServiceConfig = { ...plainDefaults, ccsApiKeySealed: null, eMailPasswordSealed: null };

export const SETTING_KEYS = {
  stationId: "stationId",
  serviceConfig: "serviceConfig",
  featureFlags: "featureFlags",
  learnConfig: "learnConfig",
  workerConfig: "workerConfig",
  learnWorkerConfig: "learnWorkerConfig",
} as const;

async function readSetting<T extends object>(db: Database, key: string, defaults: T): Promise<T> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
  return { ...defaults, ...((row?.value as Partial<T> | undefined) ?? {}) };
}

export function getServiceConfig(db: Database): Promise<ServiceConfig> {
  return readSetting(db, SETTING_KEYS.serviceConfig, DEFAULT_SERVICE_CONFIG);
}

/** Merges a change into the stored service configuration (callers check permission and audit). */
export function patchServiceConfig(db: Database, patch: Partial<ServiceConfig>): Promise<void> {
  return patchSetting(db, SETTING_KEYS.serviceConfig, patch);
}

export function getLearnConfig(db: Database): Promise<LearnConfigDto> {
  return readSetting(db, SETTING_KEYS.learnConfig, LEARN_CONFIG_DEFAULTS);
}

export function getWorkerConfig(db: Database): Promise<WorkerConfigDto> {
  return readSetting(db, SETTING_KEYS.workerConfig, WORKER_CONFIG_DEFAULTS);
}

export function getLearnWorkerConfig(db: Database): Promise<LearnWorkerConfigDto> {
  return readSetting(db, SETTING_KEYS.learnWorkerConfig, LEARN_WORKER_CONFIG_DEFAULTS);
}

/** When a setting was last saved (null: never, its defaults apply). */
export async function settingSavedAt(db: Database, key: string): Promise<Date | null> {
  const [row] = await db.select({ at: settings.updatedAt }).from(settings).where(eq(settings.key, key));
  return row?.at ?? null;
}

/** Merges a change into a stored setting (callers check permission and audit). */
export async function patchSetting(db: Database, key: string, patch: object): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value: patch })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: sql`${settings.value} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() },
    });
}

export function getFeatureFlags(db: Database): Promise<FeatureFlags> {
  return readSetting(db, SETTING_KEYS.featureFlags, DEFAULT_FEATURE_FLAGS);
}

export async function getStationId(db: Database): Promise<string> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTING_KEYS.stationId));
  if (typeof row?.value !== "string") throw new Error("station id missing: the database was not initialised");
  return row.value;
}

/** spec foundation §3 "Service info" */
export type ServiceInfo = {
  isEmailConfirmationActive: boolean;
  isContainerMode: boolean;
  isMaintenanceModeEnabled: boolean;
  isConfigurationExportDisabled: boolean;
};

export async function getServiceInfo(db: Database): Promise<ServiceInfo> {
  const config = await getServiceConfig(db);
  return {
    isEmailConfirmationActive: config.isEmailConfirmationActive,
    isContainerMode: process.env.CONTAINER_MODE === "true",
    isMaintenanceModeEnabled: config.isMaintenanceModeEnabled,
    isConfigurationExportDisabled: process.env.CONFIGURATION_EXPORT_DISABLED === "true",
  };
}

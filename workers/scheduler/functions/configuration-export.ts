import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { isConfigurationExportDisabled } from "@/lib/config/access";
import { effectiveSettings } from "@/lib/config/queries";
import { dataDir } from "@/lib/env";
import type { TaskFunction } from "./types";

/** Where ConfigurationExport writes: DATA_DIR/export/configuration.json. */
export function configurationExportPath(): string {
  return path.join(dataDir(), "export", "configuration.json");
}

/**
 * ConfigurationExport: the effective settings (config/all: service, learn, worker, learnWorker, environment;
 * secrets masked) as JSON into DATA_DIR/export/configuration.json, written atomically (a temporary file renamed
 * over it), so a reader never sees half a file. Nothing while CONFIGURATION_EXPORT_DISABLED=true.
 */
export const configurationExport: TaskFunction = async ({ db, now }) => {
  if (isConfigurationExportDisabled()) return { message: "configuration export is disabled: nothing written" };
  const target = configurationExportPath();
  await mkdir(path.dirname(target), { recursive: true });
  const settings = await effectiveSettings(db);
  const temp = `${target}.${randomUUID()}.tmp`;
  await writeFile(temp, `${JSON.stringify({ exported: now.toISOString(), ...settings }, null, 2)}\n`, { mode: 0o600 });
  await rename(temp, target);
  return { message: `configuration written to ${target}`, details: { path: target } };
};

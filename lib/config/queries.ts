import type { Database } from "@/db/client";
import type { Caller } from "@/lib/auth/caller";
import { assertManagesConfiguration } from "./access";
import { SECRET_PLACEHOLDER, type ServiceConfigDto } from "./schemas";
import { getServiceConfig, type ServiceConfig } from "./service-config";

/** The service configuration as the API shows it: stored secrets as a placeholder, never in clear. */
export function toServiceConfigDto(config: ServiceConfig): ServiceConfigDto {
  const { ccsApiKeySealed, eMailPasswordSealed, ...rest } = config;
  return {
    ...rest,
    ccsApiKey: ccsApiKeySealed ? SECRET_PLACEHOLDER : "",
    eMailPassword: eMailPasswordSealed ? SECRET_PLACEHOLDER : "",
  };
}

/** GET v3/config/service (ManageConfiguration): the effective configuration, secrets as placeholders. */
export async function readServiceConfig(db: Database, caller: Caller): Promise<ServiceConfigDto> {
  assertManagesConfiguration(caller);
  return toServiceConfigDto(await getServiceConfig(db));
}

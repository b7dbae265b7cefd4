import type { System } from "@/db/schema";
import { SECRET_PLACEHOLDER } from "@/lib/config/schemas";
import type { SystemDto } from "./schemas";

/** A system as the API shows it: stored secrets as a placeholder, never in clear. */
export function toSystemDto(s: System): SystemDto {
  return {
    id: s.id,
    name: s.name,
    description: s.description,
    type: s.type,
    isActive: s.isActive,
    canReadGlobalResources: s.canReadGlobalResources,
    activationCode: s.activationCode,
    licenceId: s.licenceId,
    derpcsUrl: s.derpcsUrl ?? "",
    ccsApiKey: s.ccsApiKeyEnc ? SECRET_PLACEHOLDER : "",
    csbUrl: s.csbUrl ?? "",
    csbUser: s.csbUser ?? "",
    csbPassword: s.csbPasswordEnc ? SECRET_PLACEHOLDER : "",
    csbSystem: s.csbSystem ?? "",
  };
}

import type { SystemInput } from "./schemas";

/** The plain columns of a system from the form; secrets are handled by the caller. */
export function plainColumns(input: SystemInput) {
  const isCsb = input.type === "CSB";
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    isActive: input.isActive,
    canReadGlobalResources: input.canReadGlobalResources,
    activationCode: input.activationCode ?? null,
    licenceId: input.licenceId || null,
    derpcsUrl: input.derpcsUrl,
    // a system that is not CSB keeps no CSB connection
    csbUrl: isCsb ? input.csbUrl : null,
    csbUser: isCsb ? input.csbUser : null,
    csbSystem: isCsb ? input.csbSystem : null,
  };
}

/** What the audit trail records of a saved system: secrets only as "set". */
export function auditValue(id: string, input: SystemInput) {
  const { ccsApiKey, csbPassword, ...rest } = input;
  return { ...rest, id, ccsApiKey: ccsApiKey ? "set" : undefined, csbPassword: csbPassword ? "set" : undefined };
}

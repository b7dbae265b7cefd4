import { z } from "zod";
import { ZCsbTest, ZSystem, ZSystemIds, ZSystemInput, ZTestResult } from "@/lib/systems/schemas";
import { defineContract } from "../contract";

const ZId = z.object({ id: z.uuid({ error: "InvalidId" }).meta({ example: "6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f" }) });
/** lib/systems/rules.ts systemRuleFailures */
const RULE_ERRORS = [
  "MissingSystemName",
  "InvalidSystemName",
  "SystemNameReserved",
  "WrongSystemType",
  "MissingCsbUrl",
  "MissingCsbCustomer",
  "MissingCsbUser",
  "MissingCsbPassword",
] as const;
const SYSTEM_NAME = z.string().max(200).meta({ example: "Acme" });

export const listSystemsContract = defineContract({
  method: "GET",
  path: "/api/systems",
  summary: "All systems, or those using the licence of query licenceId (system and licence administrators)",
  tag: "Systems",
  auth: "bearer",
  query: z.object({ licenceId: z.string().max(200).optional() }),
  response: z.array(ZSystem),
  errors: ["AccessDenied"],
});

export const createSystemContract = defineContract({
  method: "POST",
  path: "/api/systems",
  idempotent: true,
  summary: "Add a system (ManageSystems); its scheduler and default configuration come with it",
  tag: "Systems",
  auth: "bearer",
  permission: "ManageSystems",
  body: ZSystemInput,
  response: ZSystem,
  errors: [...RULE_ERRORS, "SystemNameExists", "LicenceNotFound", "InvalidId"],
  maxBodyBytes: 64 * 1024,
});

export const updateSystemContract = defineContract({
  method: "PUT",
  path: "/api/systems",
  summary: "Change a system (ManageSystems); a system's own administrators change only its ccsApiKey",
  tag: "Systems",
  auth: "bearer",
  // before the body is read: a caller who may change no system learns nothing of its shape
  permission: ["ManageSystems", "ManageSystemConfig"],
  body: ZSystemInput,
  response: ZSystem,
  errors: [...RULE_ERRORS, "InvalidId", "SystemNotFound", "SystemNotEditable", "SystemNameExists", "LicenceNotFound"],
  maxBodyBytes: 64 * 1024,
});

export const getSystemContract = defineContract({
  method: "GET",
  path: "/api/systems/{id}",
  summary: "A system",
  tag: "Systems",
  auth: "bearer",
  params: ZId,
  response: ZSystem,
  errors: ["SystemNotFound"],
});

export const findSystemByNameContract = defineContract({
  method: "GET",
  path: "/api/systems/name",
  summary: "A system by name (case-insensitive); the same call as the spec's GET /api/systems/name/{name}",
  tag: "Systems",
  auth: "bearer",
  query: z.object({ name: SYSTEM_NAME }),
  response: ZSystem,
  errors: ["SystemNotFound"],
});

/**
 * The spec's path: `systems/name/{name}` and `systems/{id}/jobs|users|userNames|projectNames` fit the same URLs
 * for a template-based tool, so the document lists it as an alias of `systems/name?name=` (docs/decisions.md).
 */
export const getSystemByNameContract = defineContract({
  method: "GET",
  path: "/api/systems/name/{name}",
  summary: "A system by name (case-insensitive)",
  tag: "Systems",
  auth: "bearer",
  params: z.object({ name: SYSTEM_NAME }),
  response: ZSystem,
  errors: ["SystemNotFound"],
  aliasOf: "/api/systems/name",
});

export const deleteSystemContract = defineContract({
  method: "DELETE",
  path: "/api/systems/{id}",
  summary: "Delete an inactive system other than the Supersystem, with its users and data",
  tag: "Systems",
  auth: "bearer",
  permission: "ManageSystems",
  params: ZId,
  errors: ["SystemNotFound", "SystemNotDeletable"],
});

export const systemIdsContract = defineContract({
  method: "GET",
  path: "/api/v2/systems/ids",
  summary: "Ids and names of all systems (admin portal users)",
  tag: "Systems",
  auth: "bearer",
  permission: "AccessAdminDashboard",
  response: ZSystemIds,
});

export const testCsbContract = defineContract({
  method: "POST",
  path: "/api/systems/test",
  summary: "Test the connection of a CSB system's content-services backend",
  tag: "Systems",
  auth: "bearer",
  permission: "ManageSystems",
  body: ZCsbTest,
  response: ZTestResult,
  errors: ["MissingCsbUrl", "MissingCsbCustomer", "MissingCsbUser", "MissingCsbPassword"],
  maxBodyBytes: 16 * 1024,
});

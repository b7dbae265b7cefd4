import { ZServiceConfig, ZServiceConfigPatch } from "@/lib/config/schemas";
import { defineContract } from "../contract";

export const getServiceConfigContract = defineContract({
  method: "GET",
  path: "/api/v3/config/service",
  summary: "The service configuration (secrets read as ********)",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  response: ZServiceConfig,
});

export const putServiceConfigContract = defineContract({
  method: "PUT",
  path: "/api/v3/config/service",
  summary: "Change the service configuration: the fields sent change; a secret sent as ******** stays",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  body: ZServiceConfigPatch,
  response: ZServiceConfig,
  // AccessDenied also while CONFIGURATION_EXPORT_DISABLED is set
  errors: ["configuration_error_missingEMailHost", "configuration_error_missingLogFile"],
  maxBodyBytes: 64 * 1024,
});

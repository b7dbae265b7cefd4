import {
  ZConfigAll,
  ZConfigTestQuery,
  ZConfigTestResult,
  ZLearnConfig,
  ZLearnConfigPatch,
  ZLearnWorkerConfig,
  ZLearnWorkerConfigPatch,
  ZServiceConfig,
  ZServiceConfigPatch,
  ZWorkerConfig,
  ZWorkerConfigPatch,
} from "@/lib/settings/schemas";
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
  errors: [
    "ConfigurationExportDisabled",
    "configuration_error_missingEMailHost",
    "configuration_error_missingLogFile",
    "configuration_error_settingFixed",
    "configuration_error_tokenExpirationTooLow",
  ],
  maxBodyBytes: 64 * 1024,
});

export const testServiceConfigContract = defineContract({
  method: "POST",
  path: "/api/v3/config/service/test",
  summary:
    "Test the SMTP server (a test mail to the caller) or the ERP connection service (an HTTP answer below 500 within 5 s) of the unsaved settings in the body",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  query: ZConfigTestQuery,
  body: ZServiceConfigPatch,
  response: ZConfigTestResult,
  maxBodyBytes: 64 * 1024,
});

export const configAllContract = defineContract({
  method: "GET",
  path: "/api/config/all",
  summary: "Every effective setting, grouped (service, learn, worker, learnWorker, environment); secrets masked",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  response: ZConfigAll,
});

const EXPORT_DISABLED = ["ConfigurationExportDisabled"] as const;

export const getWorkerConfigContract = defineContract({
  method: "GET",
  path: "/api/v3/config/worker",
  summary: "The worker configuration",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  response: ZWorkerConfig,
});

export const putWorkerConfigContract = defineContract({
  method: "PUT",
  path: "/api/v3/config/worker",
  summary: "Change the worker configuration (the fields sent); the log level applies to running workers",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  body: ZWorkerConfigPatch,
  response: ZWorkerConfig,
  errors: EXPORT_DISABLED,
  maxBodyBytes: 16 * 1024,
});

export const getLearnConfigContract = defineContract({
  method: "GET",
  path: "/learn/api/v1/config",
  apiV1: true,
  summary: "The learn configuration",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  response: ZLearnConfig,
});

export const putLearnConfigContract = defineContract({
  method: "PUT",
  path: "/learn/api/v1/config",
  apiV1: true,
  summary: "Change the learn configuration (the fields sent)",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  body: ZLearnConfigPatch,
  response: ZLearnConfig,
  errors: EXPORT_DISABLED,
  maxBodyBytes: 16 * 1024,
});

export const getLearnWorkerConfigContract = defineContract({
  method: "GET",
  path: "/learn/api/v1/workerconfig",
  apiV1: true,
  summary: "The learn worker configuration",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  response: ZLearnWorkerConfig,
});

export const putLearnWorkerConfigContract = defineContract({
  method: "PUT",
  path: "/learn/api/v1/workerconfig",
  apiV1: true,
  summary: "Change the learn worker configuration (the fields sent)",
  tag: "Configuration",
  auth: "bearer",
  permission: "ManageConfiguration",
  body: ZLearnWorkerConfigPatch,
  response: ZLearnWorkerConfig,
  errors: EXPORT_DISABLED,
  maxBodyBytes: 16 * 1024,
});

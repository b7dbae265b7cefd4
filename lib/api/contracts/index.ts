// Every contract module, so the OpenAPI document sees them all.
export * from "./about";
export * from "./audit";
export * from "./auth";
export * from "./config";
export * from "./downloads";
export * from "./jobs";
export * from "./learn";
export * from "./licences";
export * from "./metrics";
export * from "./projects";
export * from "./resources";
export * from "./scheduler";
export * from "./statistics";
export * from "./systems";
export * from "./users";
export * from "./webhooks";

// Every contract module, so the OpenAPI document sees them all.
export * from "./about";
export * from "./auth";
export * from "./config";
export * from "./jobs";
export * from "./licences";
export * from "./projects";
export * from "./systems";
export * from "./users";

export * from "./audit";
export * from "./licences";
export * from "./scheduler";
export * from "./sessions";
export * from "./settings";
export * from "./systems";
export * from "./user-tokens";
export * from "./users";

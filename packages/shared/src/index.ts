export * from "./constants.js";
export * from "./roles.js";
export * from "./enums.js";
export * from "./errors.js";
export * from "./auth.js";
export * from "./realtime.js";
export * from "./catalogue.js";

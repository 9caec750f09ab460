// The signup feature's only door: its screens for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { useRuleText } from "./rule-text";
export { useEmailRequest } from "./use-email-request";
export { VisitorFrame } from "./visitor-frame";

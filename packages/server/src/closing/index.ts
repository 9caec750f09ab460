// The closing domain as other domains see it: a closure's change, to run inside their own transaction.
export { closeChange, closeOptions, type CloseBody } from "./close.service.js";
// Closing as other domains see it: posting a closure's comment inside their own change.
export { postClosingComment } from "./close.service.js";

// The closing domain as other domains see it: a closure's change, to run inside their own transaction.
export { closeChange, closeOptions, type CloseBody } from "./close.service.js";

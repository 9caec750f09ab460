// Closing as other domains see it: posting a closure's comment inside their own change.
export { postClosingComment } from "./close.service.js";

// The safe tags domain as the composition root sees it: its routes.
export { safetagRoutes } from "./safetag.routes.js";
export { newSafetagCode } from "./safetag.repository.js";

// The forms domain as other domains see it: its routes, and how many forms a company has.
export { formRoutes } from "./form.routes.js";
export { countForms } from "./form.repository.js";
export { demoSignature, seedDemoForms } from "./form.seed.js";

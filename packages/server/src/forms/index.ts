// The forms domain as other domains see it: its routes, how many forms a company has, and the form an
// information gathering asks (report-life).
export { formRoutes } from "./form.routes.js";
export { countForms } from "./form.repository.js";
export { gatheringFormOf } from "./form.service.js";
export { demoSignature, seedDemoForms } from "./form.seed.js";

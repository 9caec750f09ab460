// The forms domain as other domains see it: its routes, how many forms a company has, and the form an
// information gathering asks (report-life) and the submission its answers become.
import type { Domain } from "../context.js";
import { formRoutes } from "./form.routes.js";
export { countForms } from "./form.repository.js";
export { gatheringFormOf, recordGatheringSubmission } from "./form.service.js";
export { demoSignature, seedDemoForms } from "./form.seed.js";

/** The forms domain in the application: its routes; domains.ts lists it. */
export const formsDomain: Domain = {
  name: "forms",
  routes: formRoutes,
};

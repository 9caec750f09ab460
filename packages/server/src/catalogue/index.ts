// The catalogue domain as other domains see it: writing the built-in report types into the database, and
// their images (the public route and each image's address).
import type { Domain } from "../context.js";
import { typeImageRoutes } from "./type-images.routes.js";
export { seedCatalogue } from "./catalogue.seed.js";
export { reportTypeImageUrl } from "./type-images.js";

/** The catalogue domain in the application: its routes; domains.ts lists it. */
export const catalogueDomain: Domain = {
  name: "catalogue",
  routes: (app) => typeImageRoutes(app),
};

// The catalogue domain as other domains see it: writing the built-in report types into the database, and
// their images (the public route and each image's address).
export { seedCatalogue } from "./catalogue.seed.js";
export { reportTypeImageUrl } from "./type-images.js";
export { typeImageRoutes } from "./type-images.routes.js";

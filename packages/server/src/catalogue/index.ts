// The catalogue domain as other domains see it: writing the built-in report types into the database.
export { seedCatalogue } from "./catalogue.seed.js";

// The operators domain: who of a company is online (sockets recorded in the database by every process),
// which report each has open, and the members' connectivity logs.
export { operatorRoutes } from "./operators.routes.js";
export { databaseOnlineRegistry, recordViewing } from "./online.repository.js";

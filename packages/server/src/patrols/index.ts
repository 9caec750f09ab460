// The patrols domain: positions and status from the patrol app, the company's patrols for the maps.
export { patrolRoutes } from "./patrol.routes.js";

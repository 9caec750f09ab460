// The report's remaining life (issue 17) as the composition root sees it: its routes.
export { reportLifeRoutes } from "./report-life.routes.js";

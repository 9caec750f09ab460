// The report's remaining life (issue 17) as the composition root sees it: its routes, and the job that
// tells the reviewers of a held report.
export { reportLifeRoutes } from "./report-life.routes.js";
export { tellReviewers } from "./review.service.js";

// The report's remaining life (issue 17) as the composition root sees it: its routes, and the job that
// tells the reviewers of a held report.
import type { Domain } from "../context.js";
import { reportLifeRoutes } from "./report-life.routes.js";
import { REVIEW_WAITING_JOB } from "../reports/index.js";
import { tellReviewers } from "./review.service.js";
export { tellReviewers } from "./review.service.js";

/** The report life domain in the application: its routes and its background jobs; domains.ts lists it. */
export const reportLifeDomain: Domain = {
  name: "report-life",
  routes: reportLifeRoutes,
  // A report held for review: the company's reviewers are told.
  jobs: (ctx) => {
    ctx.jobs.handle(REVIEW_WAITING_JOB, async ({ job }) => ({ told: await tellReviewers(ctx, job.company_id!, Number(job.payload.reportId)) }));
  },
};

// The reports domain as other domains see it: reading a report as a scope sees it, changing one through
// its command executor (with its log, events and notifications), and the facts an event carries.
import type { Domain } from "../context.js";
import { reportRoutes } from "./report.routes.js";
import { appRoutes } from "./app.routes.js";
import { reportActionRoutes } from "./report-actions.routes.js";
import { reportFlagRoutes } from "./report-flags.routes.js";
import { DELAYED_REPORT_JOB } from "./intake.repository.js";
import { deliverDelayedReport } from "./report.service.js";
export { audienceOf, EVENT_VIEWER, presentReport } from "./report.presenter.js";
// Changing a report: the command union's one executor (routes, bulk, duplicates' merge, forms' sections
// and write-back), and a domain's own change through the same tail (calls, plates, report-life's
// gathering, duplicates' dismissal).
export { changeReport, executeReportCommand, executeReportCommands, type ReportCommandOutcome, type ServerReportCommand } from "./commands.js";
export type { WriteBackFormCommand } from "./form-write-back.js";
// A report's comments: the interactions domain writes and presents them with the primitives a closure's
// comment uses.
export { commentSelect, findComment, insertComment, lockReport, type CommentRow } from "./comment.repository.js";
export { presentComment, type CommentAudience } from "./comment.presenter.js";
// Reading reports as a scope sees them.
export { attendingAudiences, attendingCompanies, findReport, findReportsByIds, type HistoryFilter, type ReportRow } from "./report.repository.js";
// Another domain's own entry on a report's log (comments, likes, follows, notes, an approved review).
export { recordReportActivity } from "./report-change.js";
export { listZoneShapes } from "./report-actions.repository.js";
export { DELAYED_REPORT_JOB, REVIEW_WAITING_JOB } from "./intake.repository.js";
export {
  createAppReports,
  createAssetReport,
  createFormReport,
  deliverReportIn,
  recordReportChange,
  getCompanyReport,
  listHistoryReports,
  reportActivity,
  requireOpen,
  requireActiveType,
  viewerOf,
} from "./report.service.js";

/** The reports domain in the application: its routes and its background jobs; domains.ts lists it. */
export const reportsDomain: Domain = {
  name: "reports",
  routes: async (app, ctx) => {
    await reportRoutes(app, ctx);
    await appRoutes(app, ctx);
    await reportActionRoutes(app, ctx);
    await reportFlagRoutes(app, ctx);
  },
  // A community report reaches a company with a notification delay when its job runs.
  jobs: (ctx) => {
    ctx.jobs.handle(DELAYED_REPORT_JOB, async ({ job }) => {
      await deliverDelayedReport(ctx, job.company_id!, Number(job.payload.reportId));
      return { delivered: job.payload.reportId };
    });
  },
};

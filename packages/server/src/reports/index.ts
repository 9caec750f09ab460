// The reports domain as other domains see it: reading a report as a scope sees it, changing one with its
// events, and the facts an event about a report carries.
import type { Domain } from "../context.js";
import { reportRoutes } from "./report.routes.js";
import { appRoutes } from "./app.routes.js";
import { reportActionRoutes } from "./report-actions.routes.js";
import { reportFlagRoutes } from "./report-flags.routes.js";
import { DELAYED_REPORT_JOB } from "./intake.repository.js";
import { deliverDelayedReport } from "./report.service.js";
export { audienceOf, EVENT_VIEWER, presentReport } from "./report.presenter.js";
export {
  attendingAudiences,
  attendingCompanies,
  closeAttention,
  findReport,
  findReportsByIds,
  logActivity,
  type HistoryFilter,
  type ReportRow,
} from "./report.repository.js";
export { listZoneShapes, lockAttention, moveReport, setFormWriteBack, setReportCreatedAt, setSectionsUsers, zonesContaining } from "./report-actions.repository.js";
export { DELAYED_REPORT_JOB, REVIEW_WAITING_JOB } from "./intake.repository.js";
export {
  assignChange,
  changeReport,
  changeReportIn,
  takeChange,
  updateChange,
  type ChangeFn,
  type ChangeOptions,
  createAppReports,
  createAssetReport,
  type AssetReportRequest,
  createFormReport,
  deliverDelayedReport,
  deliverReportIn,
  recordReportChange,
  getCompanyReport,
  listHistoryReports,
  reportActivity,
  requireOpen,
  requireActiveType,
  viewerOf,
  type AppReportRequest,
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

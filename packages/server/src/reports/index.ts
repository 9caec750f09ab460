// The reports domain as other domains see it: reading a report as a scope sees it, changing one with its
// events, and the facts an event about a report carries.
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

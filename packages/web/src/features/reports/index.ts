// The reports feature's only door: its screens and menu rows for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { menu } from "./menu";
export { actionColor, describeActivity, KNOWN_ACTIONS } from "./detail/activity-labels";
export { assignReport, postComment } from "./detail/detail-api";
export { StatusTag, useTypeName } from "./detail/detail-ui";
export { lifeKeys } from "./life/report-life-api";
export { ReviewSettingsSection, SubstatusesSettings } from "./life/settings-sections";
export { usePendingReviews } from "./life/use-pending-reviews";
export { useLiveReports } from "./lists/use-live-reports";
export { ReportRow } from "./panel/report-row";
export { takeReport } from "./report-api";

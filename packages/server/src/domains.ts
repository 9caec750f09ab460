// Every part of the API, in the order its routes are registered: the domains' own (each domain's
// index.ts says what it adds) and the cross-cutting folders' routes, which app.ts wires the same way.
import type { Domain } from "./context.js";
import { activitiesDomain } from "./activities/index.js";
import { answersDomain } from "./answers/index.js";
import { assetsDomain } from "./assets/index.js";
import { authRoutes } from "./auth/auth.routes.js";
import { bulkDomain } from "./bulk/index.js";
import { callsDomain } from "./calls/index.js";
import { catalogueDomain } from "./catalogue/index.js";
import { clientErrorsDomain } from "./client-errors/index.js";
import { closingDomain } from "./closing/index.js";
import { collaboratorMessagesDomain } from "./collaborator-messages/index.js";
import { companySettingsDomain } from "./company-settings/index.js";
import { dashboardDomain } from "./dashboard/index.js";
import { duplicatesDomain } from "./duplicates/index.js";
import { exportsDomain, purgeReportSheets } from "./exports/index.js";
import { filesDomain } from "./files/index.js";
import { PURGE_EVERY_MS, PURGE_JOB, purgeExpired } from "./jobs/retention.js";
import { purgeExpiredCodes } from "./auth/one-time-codes.js";
import { formsDomain } from "./forms/index.js";
import { historyDomain } from "./history/index.js";
import { healthRoutes } from "./http/health.routes.js";
import { interactionsDomain, reportVisibleInApp } from "./interactions/index.js";
import { lawEnforcementDomain } from "./law-enforcement/index.js";
import { mailDomain } from "./mail/index.js";
import { mapsDomain } from "./maps/index.js";
import { messagesDomain } from "./messages/index.js";
import { notificationsDomain } from "./notifications/index.js";
import { open311Domain } from "./open311/index.js";
import { operatorsDomain } from "./operators/index.js";
import { organisationDomain } from "./organisation/index.js";
import { passwordResetDomain } from "./password-reset/index.js";
import { patrolsDomain } from "./patrols/index.js";
import { platesDomain } from "./plates/index.js";
import { presenceDomain } from "./presence/index.js";
import { providerDomain } from "./provider/index.js";
import { publicReportDomain } from "./public-report/index.js";
import { pushDomain } from "./push/index.js";
import { realtimeRoutes } from "./realtime/realtime.routes.js";
import { reportLifeDomain } from "./report-life/index.js";
import { reportedUsersDomain } from "./reported-users/index.js";
import { reportsDomain } from "./reports/index.js";
import { safetagsDomain } from "./safetags/index.js";
import { searchDomain } from "./search/index.js";
import { signupDomain } from "./signup/index.js";
import { summariesDomain } from "./summaries/index.js";
import { usersDomain } from "./users/index.js";
import { zonesDomain } from "./zones/index.js";

/** The application's parts; app.ts registers each one's jobs, then, in this order, its routes. */
export const DOMAINS: readonly Domain[] = [
  // Every 6 h, once across processes: expired export files first (their job records go with the
  // finished jobs), then what is past its retention (README, "Data retention"), then spent codes.
  {
    name: "retention",
    jobs: ({ db, config, jobs }) => {
      jobs
        .handle(PURGE_JOB, async () => ({ exportFiles: await purgeReportSheets({ db, config }), ...(await purgeExpired(db)), oneTimeCodes: await purgeExpiredCodes(db) }))
        .every(PURGE_JOB, PURGE_EVERY_MS);
    },
  },
  { name: "health", routes: healthRoutes },
  catalogueDomain,
  { name: "auth", routes: authRoutes },
  usersDomain,
  organisationDomain,
  { name: "realtime", routes: realtimeRoutes },
  reportsDomain,
  interactionsDomain,
  // A report's file is the app's to read while the report is visible in the app (interactions/ says).
  filesDomain(({ db }) => (reportId, actor) => reportVisibleInApp(db, reportId, actor)),
  answersDomain,
  closingDomain,
  bulkDomain,
  duplicatesDomain,
  exportsDomain,
  presenceDomain,
  searchDomain,
  historyDomain,
  zonesDomain,
  mapsDomain,
  patrolsDomain,
  dashboardDomain,
  reportedUsersDomain,
  publicReportDomain,
  notificationsDomain,
  collaboratorMessagesDomain,
  pushDomain,
  operatorsDomain,
  companySettingsDomain,
  providerDomain,
  open311Domain,
  clientErrorsDomain,
  mailDomain,
  signupDomain,
  passwordResetDomain,
  lawEnforcementDomain,
  reportLifeDomain,
  messagesDomain,
  platesDomain,
  callsDomain,
  assetsDomain,
  safetagsDomain,
  formsDomain,
  activitiesDomain,
  summariesDomain,
];

// The API's route table (issue 33): one entry per route, one file per server domain folder. The server
// registers and checks its routes against it, the OpenAPI document is made from it, the portal calls it.
import { activitiesRouteTable } from "./activities.js";
import { answersRouteTable } from "./answers.js";
import { assetsRouteTable } from "./assets.js";
import { authRouteTable } from "./auth.js";
import { bulkRouteTable } from "./bulk.js";
import { callsRouteTable } from "./calls.js";
import { catalogueRouteTable } from "./catalogue.js";
import { clientErrorsRouteTable } from "./client-errors.js";
import { closingRouteTable } from "./closing.js";
import { collaboratorMessagesRouteTable } from "./collaborator-messages.js";
import { companySettingsRouteTable } from "./company-settings.js";
import { dashboardRouteTable } from "./dashboard.js";
import { duplicatesRouteTable } from "./duplicates.js";
import { exportsRouteTable } from "./exports.js";
import { filesRouteTable } from "./files.js";
import { formsRouteTable } from "./forms.js";
import { historyRouteTable } from "./history.js";
import { interactionsRouteTable } from "./interactions.js";
import { lawEnforcementRouteTable } from "./law-enforcement.js";
import { mailRouteTable } from "./mail.js";
import { mapsRouteTable } from "./maps.js";
import { messagesRouteTable } from "./messages.js";
import { notificationsRouteTable } from "./notifications.js";
import { open311RouteTable } from "./open311.js";
import { operatorsRouteTable } from "./operators.js";
import { organisationRouteTable } from "./organisation.js";
import { passwordResetRouteTable } from "./password-reset.js";
import { patrolsRouteTable } from "./patrols.js";
import { platesRouteTable } from "./plates.js";
import { presenceRouteTable } from "./presence.js";
import { providerRouteTable } from "./provider.js";
import { publicReportRouteTable } from "./public-report.js";
import { pushRouteTable } from "./push.js";
import { realtimeRouteTable } from "./realtime.js";
import { reportLifeRouteTable } from "./report-life.js";
import { reportedUsersRouteTable } from "./reported-users.js";
import { reportsRouteTable } from "./reports.js";
import { safetagsRouteTable } from "./safetags.js";
import { searchRouteTable } from "./search.js";
import { signupRouteTable } from "./signup.js";
import { usersRouteTable } from "./users.js";
import { zonesRouteTable } from "./zones.js";

export * from "./route.js";
export { activitiesRouteTable } from "./activities.js";
export { answersRouteTable } from "./answers.js";
export { assetsRouteTable } from "./assets.js";
export { authRouteTable } from "./auth.js";
export { bulkRouteTable } from "./bulk.js";
export { callsRouteTable } from "./calls.js";
export { catalogueRouteTable } from "./catalogue.js";
export { clientErrorsRouteTable } from "./client-errors.js";
export { closingRouteTable } from "./closing.js";
export { collaboratorMessagesRouteTable } from "./collaborator-messages.js";
export { companySettingsRouteTable } from "./company-settings.js";
export { dashboardRouteTable } from "./dashboard.js";
export { duplicatesRouteTable } from "./duplicates.js";
export { exportsRouteTable } from "./exports.js";
export { filesRouteTable } from "./files.js";
export { formsRouteTable } from "./forms.js";
export { historyRouteTable } from "./history.js";
export { interactionsRouteTable } from "./interactions.js";
export { lawEnforcementRouteTable } from "./law-enforcement.js";
export { mailRouteTable } from "./mail.js";
export { mapsRouteTable } from "./maps.js";
export { messagesRouteTable } from "./messages.js";
export { notificationsRouteTable } from "./notifications.js";
export { open311RouteTable } from "./open311.js";
export { operatorsRouteTable } from "./operators.js";
export { organisationRouteTable } from "./organisation.js";
export { passwordResetRouteTable } from "./password-reset.js";
export { patrolsRouteTable } from "./patrols.js";
export { platesRouteTable } from "./plates.js";
export { presenceRouteTable } from "./presence.js";
export { providerRouteTable } from "./provider.js";
export { publicReportRouteTable } from "./public-report.js";
export { pushRouteTable } from "./push.js";
export { realtimeRouteTable } from "./realtime.js";
export { reportLifeRouteTable } from "./report-life.js";
export { reportedUsersRouteTable } from "./reported-users.js";
export { reportsRouteTable } from "./reports.js";
export { safetagsRouteTable } from "./safetags.js";
export { searchRouteTable } from "./search.js";
export { signupRouteTable } from "./signup.js";
export { usersRouteTable } from "./users.js";
export { zonesRouteTable } from "./zones.js";

/** Every route, by operationId. */
export const routes = {
  ...activitiesRouteTable,
  ...answersRouteTable,
  ...assetsRouteTable,
  ...authRouteTable,
  ...bulkRouteTable,
  ...callsRouteTable,
  ...catalogueRouteTable,
  ...clientErrorsRouteTable,
  ...closingRouteTable,
  ...collaboratorMessagesRouteTable,
  ...companySettingsRouteTable,
  ...dashboardRouteTable,
  ...duplicatesRouteTable,
  ...exportsRouteTable,
  ...filesRouteTable,
  ...formsRouteTable,
  ...historyRouteTable,
  ...interactionsRouteTable,
  ...lawEnforcementRouteTable,
  ...mailRouteTable,
  ...mapsRouteTable,
  ...messagesRouteTable,
  ...notificationsRouteTable,
  ...open311RouteTable,
  ...operatorsRouteTable,
  ...organisationRouteTable,
  ...passwordResetRouteTable,
  ...patrolsRouteTable,
  ...platesRouteTable,
  ...presenceRouteTable,
  ...providerRouteTable,
  ...publicReportRouteTable,
  ...pushRouteTable,
  ...realtimeRouteTable,
  ...reportLifeRouteTable,
  ...reportedUsersRouteTable,
  ...reportsRouteTable,
  ...safetagsRouteTable,
  ...searchRouteTable,
  ...signupRouteTable,
  ...usersRouteTable,
  ...zonesRouteTable,
};

/** The number of entries the domains' tables hold together: less than Object.keys(routes) would mean two
 * domains gave the same operationId (the spread above keeps one), which the server's table test refuses. */
export const ROUTE_ENTRY_COUNT = [activitiesRouteTable, answersRouteTable, assetsRouteTable, authRouteTable, bulkRouteTable, callsRouteTable, catalogueRouteTable, clientErrorsRouteTable, closingRouteTable, collaboratorMessagesRouteTable, companySettingsRouteTable, dashboardRouteTable, duplicatesRouteTable, exportsRouteTable, filesRouteTable, formsRouteTable, historyRouteTable, interactionsRouteTable, lawEnforcementRouteTable, mailRouteTable, mapsRouteTable, messagesRouteTable, notificationsRouteTable, open311RouteTable, operatorsRouteTable, organisationRouteTable, passwordResetRouteTable, patrolsRouteTable, platesRouteTable, presenceRouteTable, providerRouteTable, publicReportRouteTable, pushRouteTable, realtimeRouteTable, reportLifeRouteTable, reportedUsersRouteTable, reportsRouteTable, safetagsRouteTable, searchRouteTable, signupRouteTable, usersRouteTable, zonesRouteTable].reduce((sum, table) => sum + Object.keys(table).length, 0);

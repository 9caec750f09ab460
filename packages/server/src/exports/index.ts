// What other domains use of the exports domain: the company's clock, so every file the server writes
// shows times as the company reads them (one rule, here).
import type { Domain } from "../context.js";
import { exportRoutes, reportSheetRoutes } from "./export.routes.js";
export { zoneOffsetMs, zoneOffsets } from "./report-sheet.js";
export { companyTimezone } from "./report-sheet.repository.js";
export { purgeReportSheets } from "./report-sheet.service.js";

/** The exports domain in the application: its routes; domains.ts lists it. */
export const exportsDomain: Domain = {
  name: "exports",
  routes: async (app, ctx) => {
    await exportRoutes(app, ctx);
    await reportSheetRoutes(app, ctx);
  },
};

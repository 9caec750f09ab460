// What other domains use of the exports domain: the company's clock, so every file the server writes
// shows times as the company reads them (one rule, here).
export { zoneOffsetMs, zoneOffsets } from "./report-sheet.js";
export { companyTimezone } from "./report-sheet.repository.js";

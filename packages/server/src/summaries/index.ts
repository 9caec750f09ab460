// Daily and monthly summary e-mails (issue 15): per user setting, in their language and time zone, once per period.
export { SUMMARY_EVERY_MS, SUMMARY_JOB, sendDueSummaries, sendSummary } from "./summary.service.js";

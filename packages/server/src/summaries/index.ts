// Daily and monthly summary e-mails (issue 15): per user setting, in their language and time zone, once per period.
import type { Domain } from "../context.js";
import { SUMMARY_EVERY_MS, SUMMARY_JOB, sendDueSummaries } from "./summary.service.js";
export { SUMMARY_EVERY_MS, SUMMARY_JOB, sendDueSummaries, sendSummary } from "./summary.service.js";

/** The summaries domain in the application: its background jobs; domains.ts lists it. */
export const summariesDomain: Domain = {
  name: "summaries",
  // Daily and monthly summary e-mails: hourly, once across processes; each user's once per period.
  jobs: (ctx) => {
    if (ctx.config.summaryMails) ctx.jobs.handle(SUMMARY_JOB, async () => sendDueSummaries(ctx.db, ctx.config)).every(SUMMARY_JOB, SUMMARY_EVERY_MS);
  },
};

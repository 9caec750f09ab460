// Browser push (issue 15): VAPID keys kept in the database, subscriptions, and the job that sends a push
// for each stored notification to its recipient's browsers.
import type { Domain } from "../context.js";
import { pushRoutes } from "./push.routes.js";
import { PUSH_JOB, sendPushes, vapidKeys } from "./push.service.js";
export { PUSH_JOB, queuePush, sendPushes, vapidKeys } from "./push.service.js";

/** The push domain in the application: its routes and its background jobs; domains.ts lists it. */
export const pushDomain: Domain = {
  name: "push",
  routes: pushRoutes,
  // The deployment's VAPID keys are made at its first start; each notification's push is sent by a job.
  jobs: async (ctx) => {
    await vapidKeys(ctx.db);
    ctx.jobs.handle(PUSH_JOB, async ({ job }) => sendPushes(ctx.db, ctx.config, (job.payload.notificationIds as number[]) ?? []));
  },
};

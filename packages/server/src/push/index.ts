// Browser push (issue 15): VAPID keys kept in the database, subscriptions, and the job that sends a push
// for each stored notification to its recipient's browsers.
export { pushRoutes } from "./push.routes.js";
export { PUSH_JOB, queuePush, sendPushes, vapidKeys } from "./push.service.js";

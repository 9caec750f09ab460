// The notifications domain as other domains see it: record notifications inside a change's transaction
// and publish them after its commit, or `notify` at once (e.g. an upgrade request answered).
import type { Domain } from "../context.js";
import { notificationRoutes } from "./notification.routes.js";
export {
  notify,
  notifyAssignment,
  notifyFollowers,
  notifyGatheringAnswered,
  notifyMentions,
  notifyReviewWaiting,
  publishNotifications,
  recordNotifications,
  type NewNotification,
  type ReportFacts,
  type StoredNotification,
} from "./notification.service.js";
export { findMentions } from "./mentions.js";

/** The notifications domain in the application: its routes; domains.ts lists it. */
export const notificationsDomain: Domain = {
  name: "notifications",
  routes: notificationRoutes,
};

import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

/** What a notification is about (issue 12): a report assigned to the user or to one of their teams, a
 * mention in a note, a report the user follows commented on or changing status, and an upgrade request
 * answered (written by the companies domain through the exported `notify`). */
export const NOTIFICATION_KINDS = [
  "assigned",
  "teamAssigned",
  "mention",
  "followedComment",
  "followedStatus",
  "upgradeAnswered",
  // Mass messages (issue 15): the provider approved or rejected a message (with its reason).
  "messageApproved",
  "messageRejected",
  // Issue 15: a message to collaborators reached the user; a report they follow changed beyond its status.
  "collaboratorMessage",
  "followedUpdate",
  // The reporter answered a gathering (free questions or a form, `title`): its asker and the report's assignee.
  "gatheringAnswered",
  // A report was held for review (issue 17's queue): the company admins who may decide it.
  "reviewWaiting",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification as its recipient reads it. `data` carries what the text needs (who did it, the
 * report's title or type, the new status, a short excerpt); the portal writes the sentence. */
export const notificationSchema = z.object({
  id: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  companyId: z.number(),
  reportId: z.number().nullable(),
  reportUuid: z.string().nullable(),
  actor: z.object({ id: z.number(), name: z.string() }).nullable(),
  data: z.object({
    reportTitle: z.string().nullable().optional(),
    reportType: z.number().nullable().optional(),
    status: z.string().nullable().optional(),
    teamName: z.string().nullable().optional(),
    excerpt: z.string().nullable().optional(),
    accepted: z.boolean().nullable().optional(),
    messageId: z.number().nullable().optional(),
    messageTitle: z.string().nullable().optional(),
    reason: z.string().nullable().optional(),
    title: z.string().nullable().optional(),
    changes: z.array(z.string()).nullable().optional(),
  }),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** GET /api/notifications: the caller's own notifications of one company (default: their first), newest first. */
export const notificationsQuerySchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(NOTIFICATIONS_PAGE_SIZE),
  unread: z.enum(["true", "false"]).optional(),
});
export const notificationsResponseSchema = z.object({
  success: z.literal(true),
  notifications: z.array(notificationSchema),
  total: z.number(),
  unread: z.number(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationCountQuerySchema = z.object({ companyId: z.coerce.number().int().positive().max(MAX_ID).optional() });
export const notificationCountResponseSchema = z.object({ success: z.literal(true), unread: z.number() });
export const notificationParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const notificationResponseSchema = z.object({ success: z.literal(true), notification: notificationSchema, unread: z.number() });
/** POST /api/notifications/read-all: every unread notification of the company (default: the first) read. */
export const notificationsReadAllBodySchema = z
  .object({ companyId: z.number().int().positive().max(MAX_ID).optional() })
  .strict()
  .optional();
export const notificationsReadAllResponseSchema = z.object({ success: z.literal(true), updated: z.number(), unread: z.number() });

/** The `notification` real-time message's data: sent only to the recipient's sockets. */
export const notificationEventSchema = z.object({ notification: notificationSchema });

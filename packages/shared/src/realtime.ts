import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

/** Event types on the real-time channel (SPEC §4 real-time rules). */
export const EVENT_TYPES = [
  "newReport",
  "updateReport",
  "updateTtlReport",
  "removeReport",
  "removeReports",
  "newComment",
  "incomingComment",
  "newNote",
  "like",
  "dislike",
  "mediaStatus",
  "presence",
  // A patrol's position or status changed (not stored: the next one replaces it).
  "patrol",
  // A notification for one user (issue 12): sent only to that user's sockets, never stored in the stream.
  "notification",
  // Someone of the company connected, disconnected or opened another report: the operators screen refreshes.
  "operators",
  // A mass message's state or counts changed (issue 15: delivery progress, an opening); not stored.
  "messages",
  // A report's neighbours' notice moved on (issue 15: delivered of total, cancelled); not stored.
  "neighbours",
  // The company's substatus list changed (issue 17: renamed or deleted); reports read their new name.
  "substatuses",
  // Messages to collaborators (issue 15), to one user only: a message arrived, or one they sent was read.
  "collaboratorMessage",
  "hello",
  // Bookkeeping of the stream, never a report event: `{type:"seq", seq:N, data:{}}` says the company's
  // stream is at N (a client behind it catches up with GET …/events?after=); `data: {from: F}` says the
  // events F…N exist but are not for this user (restrictions, SPEC §6), so its cursor moves to N.
  "seq",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Every server message: a per-company sequence lets a reconnecting client ask for what it missed. */
export const realtimeMessageSchema = z.object({
  type: z.enum(EVENT_TYPES),
  seq: z.number().int().nonnegative(),
  companyId: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type RealtimeMessage = z.infer<typeof realtimeMessageSchema>;

export const ticketResponseSchema = z.object({ ticket: z.string(), expiresIn: z.number() });
export const ticketBodySchema = z.object({ companyId: z.number().int().positive().max(MAX_ID).optional() }).optional();

export const eventsQuerySchema = z.object({
  after: z.coerce.number().int().min(0).max(MAX_ID),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});
export const eventsResponseSchema = z.object({
  success: z.literal(true),
  events: z.array(realtimeMessageSchema),
  /** The last seq the page read: every event up to it is in `events` or is not for this user. */
  lastSeq: z.number().int().describe("The last seq this page read: every event up to it is in events or is not for this user"),
});

export const logsPusherQuerySchema = z.object({
  route: z.string().max(100).optional(),
  type: z.string().max(100).optional(),
  user_id: z.coerce.number().int().optional(),
});
export const logsPusherBodySchema = z.object({
  type: z.string().max(100).optional(),
  user_id: z.number().int().optional(),
  company_id: z.number().int().optional(),
  events: z
    .array(z.object({ date: z.string().max(64), event: z.string().max(200), details: z.unknown().optional() }))
    .max(500),
});

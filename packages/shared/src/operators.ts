import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { isIsoDate } from "./history.js";
import { commentSchema } from "./reports.js";

const isoDate = z.string().max(40).refine(isIsoDate, { message: "invalid_date" });
const page = z.coerce.number().int().min(1).max(100000).default(1);
const pageSize = (size: number) => z.coerce.number().int().min(1).max(100).default(size);

// ---- Connections: operators' connectivity logs (the portal's `logs-pusher` records) ----

export const CONNECTIONS_PAGE_SIZE = 20;

/** GET /api/companies/{companyId}/connections: logs of the company's members, newest first; an operator
 * and a window of ISO 8601 dates (a day, or an instant with offset; the end day is included). */
export const connectionsQuerySchema = z.object({
  user_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  start_date: isoDate.optional(),
  end_date: isoDate.optional(),
  page,
  pageSize: pageSize(CONNECTIONS_PAGE_SIZE),
});
export type ConnectionsQuery = z.input<typeof connectionsQuerySchema>;

/** One connectivity record as the portal sent it: a type (`connected`, `disconnected`…) and its events. */
export const connectionLogSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  type: z.string().nullable(),
  events: z.array(z.object({ date: z.string(), event: z.string() })),
  receivedAt: z.string(),
});
export type ConnectionLog = z.infer<typeof connectionLogSchema>;
export const connectionsResponseSchema = z.object({ success: z.literal(true), logs: z.array(connectionLogSchema), total: z.number() });

// ---- Operators: who is online and what each works on ----

/** A member of the company as the operators screen shows them. */
export const operatorStatusSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  online: z.boolean(),
  /** Last sign of life of an open socket (ISO), null when never seen. */
  lastSeenAt: z.string().nullable(),
  /** The report they have open right now (presence heartbeats), within the caller's restrictions. */
  viewing: z.object({ id: z.number(), uuid: z.string(), title: z.string().nullable(), type: z.number() }).nullable(),
  /** Their open in-progress or in-observation reports, newest first (at most 5), and how many there are. */
  working: z.array(z.object({ id: z.number(), uuid: z.string(), title: z.string().nullable(), type: z.number(), status: z.string() })),
  workingTotal: z.number(),
});
export type OperatorStatus = z.infer<typeof operatorStatusSchema>;
export const operatorsResponseSchema = z.object({ success: z.literal(true), operators: z.array(operatorStatusSchema) });

// ---- Replies: the community's comments on the organisation's reports ----

export const REPLIES_PAGE_SIZE = 20;
export const repliesQuerySchema = z.object({
  /** true: only comments nobody of the company answered yet. */
  unanswered: z.enum(["true", "false"]).optional(),
  page,
  pageSize: pageSize(REPLIES_PAGE_SIZE),
});
export const replySchema = z.object({
  comment: commentSchema,
  report: z.object({ id: z.number(), uuid: z.string(), title: z.string().nullable(), type: z.number(), status: z.string() }),
  /** No later comment on the report by a member of the company. */
  answered: z.boolean(),
});
export type Reply = z.infer<typeof replySchema>;
export const repliesResponseSchema = z.object({ success: z.literal(true), replies: z.array(replySchema), total: z.number(), unanswered: z.number() });

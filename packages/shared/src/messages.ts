import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { zonePolygonSchema } from "./zones.js";

// Mass messages to an area (issue 15; SPEC §3 Message, §4 message states and actions, §5 attachment
// 3 MB and custom zone name unique, §9 page size 10 from page 1).

/** SPEC §4's numeric message states. */
export const MESSAGE_STATE = { draft: 1, scheduled: 2, sent: 3, archived: 4, pendingApproval: 5, rejected: 6 } as const;
export type MessageState = (typeof MESSAGE_STATE)[keyof typeof MESSAGE_STATE];
export const MESSAGE_STATES = [1, 2, 3, 4, 5, 6] as const satisfies readonly MessageState[];
/** Each state's name (the portal's text key). */
export const MESSAGE_STATE_NAMES: Record<MessageState, keyof typeof MESSAGE_STATE> = {
  1: "draft",
  2: "scheduled",
  3: "sent",
  4: "archived",
  5: "pendingApproval",
  6: "rejected",
};

/** The actions of `POST …/messages/{id}/{action}` (SPEC §4; edit is PUT …/messages/{id}, show is GET). */
export const MESSAGE_ACTIONS = [
  "duplicate",
  "archive",
  "unarchive",
  "cancel",
  "approve",
  "reject",
  "delete",
  "discard",
  "schedule",
  "send",
] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];
/** Every SPEC §4 action, with the two that have their own verbs. */
export type MessageAnyAction = MessageAction | "edit" | "show";

/** From which states each action is allowed: one table the server enforces and the portal reads to
 * offer a row's actions. Editing a rejected message makes it a draft again; cancelling withdraws a
 * message awaiting approval or an approved one awaiting its date; approve and reject are the provider's. */
export const MESSAGE_ACTION_FROM: Record<MessageAnyAction, readonly MessageState[]> = {
  show: [1, 2, 3, 4, 5, 6],
  edit: [1, 6],
  duplicate: [1, 2, 3, 4, 5, 6],
  archive: [3, 6],
  unarchive: [4],
  cancel: [2, 5],
  approve: [5],
  reject: [5],
  delete: [4, 6],
  discard: [1],
  schedule: [1],
  send: [1],
};

/** Whether an action is allowed from a state. */
export function messageActionAllowed(action: MessageAnyAction, state: MessageState): boolean {
  return MESSAGE_ACTION_FROM[action].includes(state);
}

/** SPEC §5: a message's attachment is at most 3 MB. */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 3 * 1024 * 1024;
export const MESSAGE_TITLE_MAX = 120;
/** Longest body, as HTML after the portal's editor. */
export const MESSAGE_BODY_MAX = 20_000;
export const MESSAGE_REASON_MAX = 500;
export const MESSAGE_ZONE_NAME_MAX = 80;
/** SPEC §9: page size 10, first page 1. */
export const MESSAGES_PAGE_SIZE = 10;

const NO_CONTROL = /^[^\p{Cc}]*$/u;
// The body keeps line ends and tabs (rich text), nothing else below space.
// eslint-disable-next-line no-control-regex -- naming the control characters is the point
const NO_CONTROL_BUT_LINES = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f]*$/;
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: "invalidColor" });
const isoDate = z.iso.datetime({ offset: true });

/** Body of POST …/messages and PUT …/messages/{id}: the body is HTML the server sanitises to a safe subset. */
export const messageBodySchema = z.object({
  title: z.string().trim().min(1, { message: "messageTitleRequired" }).max(MESSAGE_TITLE_MAX).regex(NO_CONTROL, { message: "invalidText" }),
  body: z.string().max(MESSAGE_BODY_MAX).regex(NO_CONTROL_BUT_LINES, { message: "invalidText" }).default(""),
  ad: z.boolean().default(false),
  /** When to send, an ISO 8601 time with its offset (the portal picks it in the company's time zone). */
  scheduleDate: isoDate.nullable().default(null),
  /** A custom zone of the company, or null for the company's default zone. */
  zoneId: z.number().int().positive().max(MAX_ID).nullable().default(null),
});
export type MessageBody = z.input<typeof messageBodySchema>;

export const messageAttachmentSchema = z.object({
  name: z.string(),
  originalName: z.string().nullable(),
  mime: z.string(),
  size: z.number(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

/** A message as it travels (issue 15). `zone.id` null is the company's default zone. */
export const messageSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  state: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]),
  ad: z.boolean(),
  scheduleDate: z.string().nullable(),
  zone: z.object({ id: z.number().nullable(), name: z.string().nullable() }),
  attachment: messageAttachmentSchema.nullable(),
  sentCount: z.number(),
  openedCount: z.number(),
  /** How many app users the zone held when delivery started (null before). */
  recipientsTotal: z.number().nullable(),
  rejectReason: z.string().nullable(),
  companyId: z.number(),
  companyName: z.string().optional(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});
export const messageActionParamsSchema = messageParamsSchema.extend({ action: z.enum(MESSAGE_ACTIONS) });

/** GET …/messages: state filter, title search, pages of 10 from page 1. */
export const messageListQuerySchema = z.object({
  state: z.coerce.number().int().min(1).max(6).optional(),
  q: z.string().trim().max(MESSAGE_TITLE_MAX).regex(NO_CONTROL).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(MESSAGES_PAGE_SIZE),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const messageListResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(messageSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const messageResponseSchema = z.object({ success: z.literal(true), message: messageSchema });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Body of an action: reject needs a reason (shown to the company); the others take none. */
export const messageActionBodySchema = z
  .object({ reason: z.string().trim().min(1).max(MESSAGE_REASON_MAX).regex(NO_CONTROL, { message: "invalidText" }).optional() })
  .nullish();

/** The provider's queue: pending messages across companies. */
export const pendingMessagesResponseSchema = z.object({ success: z.literal(true), messages: z.array(messageSchema) });
export const providerMessageParamsSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
  decision: z.enum(["approve", "reject"]),
});

/** A custom addressee zone (SPEC §3): name, fill colour and opacity, line colour and weight, polygon. */
export const messageZoneBodySchema = z.object({
  name: z.string().trim().min(1, { message: "messageZoneNameRequired" }).max(MESSAGE_ZONE_NAME_MAX).regex(NO_CONTROL, { message: "invalidText" }),
  fillColor: colorSchema.default("#F54286"),
  fillOpacity: z.number().min(0).max(1).default(0.3),
  lineColor: colorSchema.default("#F54286"),
  lineWeight: z.number().int().min(1).max(20).default(2),
  polygon: zonePolygonSchema,
});
export type MessageZoneBody = z.input<typeof messageZoneBodySchema>;

export const messageZoneSchema = z.object({
  id: z.number(),
  name: z.string(),
  fillColor: z.string(),
  fillOpacity: z.number(),
  lineColor: z.string(),
  lineWeight: z.number(),
  polygon: zonePolygonSchema,
});
export type MessageZone = z.infer<typeof messageZoneSchema>;

/** GET …/message-zones: the company's default zone (its drawn zones, read-only here) and custom zones. */
export const messageZonesResponseSchema = z.object({
  success: z.literal(true),
  defaultZone: z.object({ name: z.string(), polygons: z.array(zonePolygonSchema) }),
  zones: z.array(messageZoneSchema),
});
export type MessageZonesResponse = z.infer<typeof messageZonesResponseSchema>;
export const messageZoneResponseSchema = z.object({ success: z.literal(true), zone: messageZoneSchema });
export const messageZoneParamsSchema = messageParamsSchema;

/** The reporter app's inbox: mass messages and neighbours' notices, newest first. */
export const appInboxItemSchema = z.object({
  id: z.number(),
  kind: z.enum(["message", "neighbours"]),
  messageId: z.number().nullable(),
  reportId: z.number().nullable(),
  title: z.string(),
  body: z.string(),
  ad: z.boolean(),
  attachment: messageAttachmentSchema.nullable(),
  companyName: z.string(),
  receivedAt: z.string(),
  opened: z.boolean(),
});
export type AppInboxItem = z.infer<typeof appInboxItemSchema>;
export const appInboxQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const appInboxResponseSchema = z.object({ success: z.literal(true), items: z.array(appInboxItemSchema), total: z.number() });
export const appInboxParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
/** POST /api/app/messages/{id}/open: the opened item. */
export const appInboxOpenResponseSchema = z.object({ success: z.literal(true), item: appInboxItemSchema });

/** PUT /api/app/location: where the app user is now, or their home's point. */
export const appLocationBodySchema = z.object({
  kind: z.enum(["last", "home"]).default("last"),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

/** A report's neighbours' notice: found, delivered, cancelled. */
export const neighboursNoticeSchema = z.object({
  notify: z.boolean(),
  canceled: z.boolean(),
  total: z.number(),
  delivered: z.number(),
});
export type NeighboursNotice = z.infer<typeof neighboursNoticeSchema>;
export const neighboursNoticeResponseSchema = z.object({ success: z.literal(true), notice: neighboursNoticeSchema });

/** The live `neighbours` event: a report's notice progress (its data). */
export const neighboursProgressSchema = neighboursNoticeSchema.extend({ reportId: z.number() });

/** The live `messages` event: a message's state and counts changed (delivery progress, an opening). */
export const messageProgressSchema = z.object({ id: z.number(), state: z.number(), sentCount: z.number(), openedCount: z.number() });

const SIZE_UNITS = ["Bytes", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;
/** SPEC §9: a size in Bytes to YB with 2 decimals (1024 per step). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const i = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${(bytes / 1024 ** i).toFixed(2)} ${SIZE_UNITS[i]}`;
}

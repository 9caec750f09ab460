import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

// Messages to collaborators (issue 15): an organisation writes to its own members (users, teams or
// everyone), each recipient reads it in the portal and its sender sees who read it. Every rule's
// message is a code of the `collaborator-messages` catalogue (locales/<lang>/collaborator-messages.json),
// answered as the field's `code` with its text.

/** A rule's code (a field problem of a 400): a key of the `collaborator-messages` catalogue, whose texts the API
 * answers with and the portal shows. */
export type CollaboratorMessageText = keyof typeof import("../locales/es/collaborator-messages.json", { with: { type: "json" } });

const msg = (code: CollaboratorMessageText) => ({ message: code });
// Line breaks and tabs are text; every other control character is refused.
// eslint-disable-next-line no-control-regex -- finding them is the point
const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/u;
const NO_CONTROL = /^[^\p{Cc}]*$/u;
export const COLLABORATOR_TITLE_MAX = 120;
export const COLLABORATOR_BODY_MAX = 5000;
/** Page size of the list (SPEC §9: default 10, first page 1). */
export const COLLABORATOR_MESSAGES_PAGE_SIZE = 10;
const id = z.number().int().positive().max(MAX_ID);

/** Body of POST …/collaborator-messages: subject, text, and whom: chosen members, teams, or everyone. */
export const collaboratorMessageBodySchema = z
  .object({
    title: z
      .string(msg("collaboratorTitleRequired"))
      .trim()
      .min(1, msg("collaboratorTitleRequired"))
      .max(COLLABORATOR_TITLE_MAX, msg("collaboratorTitleTooLong"))
      .regex(NO_CONTROL, msg("collaboratorInvalidText")),
    body: z
      .string(msg("collaboratorBodyRequired"))
      .trim()
      .min(1, msg("collaboratorBodyRequired"))
      .max(COLLABORATOR_BODY_MAX, msg("collaboratorBodyTooLong"))
      .regex(NO_CONTROL_BUT_LINES, msg("collaboratorInvalidText")),
    everyone: z.boolean().default(false),
    userIds: z.array(id, msg("collaboratorRecipientInvalid")).max(1000).default([]),
    teamIds: z.array(id, msg("collaboratorTeamInvalid")).max(200).default([]),
  })
  // Nobody chosen is refused by the service (400 collaboratorNoRecipients on userIds), after the company
  // scope: another company's path answers 404 whatever the body.
  .strict();
export type CollaboratorMessageBody = z.input<typeof collaboratorMessageBodySchema>;

/** One message as the caller reads it: `read` is the caller's own receipt (null when not a recipient);
 * the counts say how many it reached and how many read it. */
export const collaboratorMessageSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  everyone: z.boolean(),
  userIds: z.array(z.number()),
  teamIds: z.array(z.number()),
  recipientCount: z.number(),
  readCount: z.number(),
  read: z.boolean().nullable(),
  createdAt: z.string(),
});
export type CollaboratorMessage = z.infer<typeof collaboratorMessageSchema>;

/** A recipient's read receipt: when they read it, null while unread. */
export const collaboratorReceiptSchema = z.object({ userId: z.number(), name: z.string(), readAt: z.string().nullable() });
export type CollaboratorReceipt = z.infer<typeof collaboratorReceiptSchema>;

export const COLLABORATOR_BOXES = ["received", "sent"] as const;
export type CollaboratorBox = (typeof COLLABORATOR_BOXES)[number];

/** GET …/collaborator-messages: the caller's received (default) or sent messages, newest first, paged. */
export const collaboratorMessagesQuerySchema = z.object({
  box: z.enum(COLLABORATOR_BOXES).default("received"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(COLLABORATOR_MESSAGES_PAGE_SIZE),
});
export type CollaboratorMessagesQuery = z.infer<typeof collaboratorMessagesQuerySchema>;

export const collaboratorMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(collaboratorMessageSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The caller's unread received messages. */
  unread: z.number(),
});
export type CollaboratorMessagesResponse = z.infer<typeof collaboratorMessagesResponseSchema>;

export const collaboratorMessageParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** POST answers the stored message; GET …/{id} adds the receipts for its sender and company admins. */
export const collaboratorMessageResponseSchema = z.object({
  success: z.literal(true),
  message: collaboratorMessageSchema,
  receipts: z.array(collaboratorReceiptSchema).nullable(),
});
export type CollaboratorMessageResponse = z.infer<typeof collaboratorMessageResponseSchema>;

export const collaboratorUnreadResponseSchema = z.object({ success: z.literal(true), unread: z.number() });

/** The `collaboratorMessage` real-time message (to one user only): a message arrived (`received`) or
 * one of theirs was read by a recipient (`read`). */
export const collaboratorMessageEventSchema = z.object({ messageId: z.number(), change: z.enum(["received", "read"]) });
export type CollaboratorMessageEvent = z.infer<typeof collaboratorMessageEventSchema>;

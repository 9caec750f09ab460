import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { latitudeSchema, longitudeSchema } from "./reports.js";
import { multiline } from "./assets.js";

// Safe tags (issue 17, SPEC §2 safe tags admin, §3 Safe tag, §4 states). A company prints batches of
// codes; a community user links one to their account; a finder who scans it writes to the owner.

/** SPEC §4 safe tag states; disabled is permanent. */
export const SAFETAG_STATES = ["unlinked", "linked", "disabled"] as const;
export type SafetagState = (typeof SAFETAG_STATES)[number];
export const SAFETAG_BATCH_MAX = 1000;
/** 16 Crockford base32 characters: 80 random bits. */
export const SAFETAG_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{16}$/;
export const SAFETAG_MESSAGE_MAX = 1000;

const NO_CONTROL = /^[^\p{Cc}]*$/u;
const id = z.coerce.number().int().positive().max(MAX_ID);

/** A batch of codes as listed: name, size, and how many of its codes are linked and disabled. */
export const safetagBatchSchema = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  linked: z.number(),
  disabled: z.number(),
  createdAt: z.string(),
});
export type SafetagBatch = z.infer<typeof safetagBatchSchema>;

/** One code of a batch (SPEC §3 Safe tag): creation date, code, name, state, linked user and date, contact. */
export const safetagSchema = z.object({
  id: z.number(),
  batchId: z.number(),
  code: z.string(),
  name: z.string().nullable(),
  state: z.enum(SAFETAG_STATES),
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  linkedAt: z.string().nullable(),
  /** The linked user's e-mail and phone, for the company only (never shown to a finder). */
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type Safetag = z.infer<typeof safetagSchema>;

export const safetagBatchBodySchema = z.object({
  name: z
    .string({ message: "safetagBatchNameRequired" })
    .trim()
    .min(1, { message: "safetagBatchNameRequired" })
    .max(80, { message: "assetTextTooLong" })
    .regex(NO_CONTROL, { message: "assetInvalidText" }),
  size: z.number({ message: "safetagBatchSizeInvalid" }).int({ message: "safetagBatchSizeInvalid" }).min(1, { message: "safetagBatchSizeInvalid" }).max(SAFETAG_BATCH_MAX, { message: "safetagBatchSizeInvalid" }),
});
export type SafetagBatchBody = z.infer<typeof safetagBatchBodySchema>;

export const safetagBatchParamsSchema = z.object({ companyId: id, id });
export const safetagParamsSchema = z.object({ companyId: id, id });
export const safetagBatchesResponseSchema = z.object({ success: z.literal(true), batches: z.array(safetagBatchSchema) });
export const safetagBatchResponseSchema = z.object({ success: z.literal(true), batch: safetagBatchSchema });
export const safetagCodesQuerySchema = z.object({ state: z.enum(SAFETAG_STATES).optional() });
export const safetagCodesResponseSchema = z.object({ success: z.literal(true), batch: safetagBatchSchema, safetags: z.array(safetagSchema) });
export const safetagResponseSchema = z.object({ success: z.literal(true), safetag: safetagSchema });

// ── Reporter app and the finder's page /t/{code} ──

/** A code in a path: upper-cased before it is checked, as people type it from a printed label. */
export const safetagCodeParamsSchema = z.object({
  code: z
    .string()
    .max(32)
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(SAFETAG_CODE_PATTERN)),
});
/** Body of POST /api/app/safetags/{code}/link: what the owner calls the tagged thing; no body at all is
 * a link without a name. */
export const safetagLinkBodySchema = z.object({ name: z.string().trim().max(80).regex(NO_CONTROL).optional() }).nullish();
/** The owner's view of their tag. */
export const ownSafetagSchema = z.object({ code: z.string(), name: z.string().nullable(), state: z.enum(SAFETAG_STATES), linkedAt: z.string().nullable() });
export const ownSafetagResponseSchema = z.object({ success: z.literal(true), safetag: ownSafetagSchema });
export const ownSafetagsResponseSchema = z.object({ success: z.literal(true), safetags: z.array(ownSafetagSchema) });

/** What a finder sees of a tag: whether it can take a message and its name; never the owner. */
export const publicSafetagSchema = z.object({ code: z.string(), name: z.string().nullable(), state: z.enum(SAFETAG_STATES), companyName: z.string() });
export const publicSafetagResponseSchema = z.object({ success: z.literal(true), safetag: publicSafetagSchema });

/** Body of POST /api/app/safetags/{code}/messages: the finder's message and, if they wish, where they are. */
export const finderMessageBodySchema = z
  .object({
    message: multiline(SAFETAG_MESSAGE_MAX).pipe(z.string().min(1, { message: "safetagMessageRequired" })),
    latitude: latitudeSchema.optional(),
    longitude: longitudeSchema.optional(),
  })
  .refine((b) => (b.latitude === undefined) === (b.longitude === undefined), { message: "latitude and longitude go together", path: ["latitude"] });
export type FinderMessageBody = z.infer<typeof finderMessageBodySchema>;
/** The finder is told only that the message was delivered. */
export const finderMessageResponseSchema = z.object({ success: z.literal(true), delivered: z.literal(true) });

/** A finder's message in the owner's inbox. */
export const safetagMessageSchema = z.object({
  id: z.number(),
  code: z.string(),
  tagName: z.string().nullable(),
  message: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  createdAt: z.string(),
});
export type SafetagMessage = z.infer<typeof safetagMessageSchema>;
export const safetagMessagesResponseSchema = z.object({ success: z.literal(true), messages: z.array(safetagMessageSchema) });

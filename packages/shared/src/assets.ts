import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { latitudeSchema, longitudeSchema } from "./reports.js";

// Assets with QR codes (issue 17, SPEC §2 assets list and form, §3 Asset, §5 asset URL valid). The
// rules' messages are codes of the `assets` catalogue (locales/<lang>/assets.json): the API answers the
// code on the field with its text in the caller's language, and the portal shows the same text.

/** A rule's code (a field problem of a 400): a key of the `assets` catalogue, whose texts the API
 * answers with and the portal shows. */
export type AssetMessage = keyof typeof import("../locales/es/assets.json", { with: { type: "json" } });

const msg = (code: AssetMessage) => ({ message: code });
const NO_CONTROL = /^[^\p{Cc}]*$/u;
// Tab, line feed and carriage return are the only control characters a message may hold.
// eslint-disable-next-line no-control-regex -- refusing them is the point
const NO_CONTROL_BUT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;
export const ASSET_TEXT_MAX = 300;
export const ASSET_MESSAGE_MAX = 2000;
export const ASSET_URL_MAX = 2000;
export const ASSET_TAGS_MAX = 20;
export const ASSET_PAGE_SIZE_MAX = 100;

const line = (required: AssetMessage, max = ASSET_TEXT_MAX) =>
  z.string(msg(required)).trim().min(1, msg(required)).max(max, msg("assetTextTooLong")).regex(NO_CONTROL, msg("assetInvalidText"));
/** Text that may hold line breaks but no other control character. */
export const multiline = (max: number) => z.string().trim().max(max, msg("assetTextTooLong")).regex(NO_CONTROL_BUT_LINES, msg("assetInvalidText"));

// The WHATWG URL parser of both runtimes (this package is built without DOM or Node types).
declare const URL: new (input: string) => { protocol: string; username: string; password: string; hostname: string };

/** True for an absolute http(s) link with a host and no credentials (SPEC §5 asset external URL). */
export function isValidAssetUrl(link: string): boolean {
  let url: { protocol: string; username: string; password: string; hostname: string };
  try {
    url = new URL(link);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username || url.password) return false;
  // A host with at least one dot or localhost: "http://foo" is almost always a typo.
  return url.hostname === "localhost" || /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
}

/** An asset as the API answers it (SPEC §3 Asset), with the place a report about it is located at. */
export const assetSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  category: z.string(),
  description: z.string(),
  customMessage: z.string(),
  externalUrl: z.string().nullable(),
  tags: z.array(z.string()),
  enabled: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  createdAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

/** Body of POST and PUT …/assets: category, description, custom message, external URL (valid or
 * empty), tags, enabled, and where the asset stands. */
export const assetBodySchema = z.object({
  category: line("assetCategoryRequired", 80),
  description: line("assetDescriptionRequired"),
  customMessage: multiline(ASSET_MESSAGE_MAX).default(""),
  externalUrl: z
    .string(msg("assetUrlInvalid"))
    .trim()
    .max(ASSET_URL_MAX, msg("assetUrlInvalid"))
    .refine((v) => v === "" || isValidAssetUrl(v), msg("assetUrlInvalid"))
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  tags: z.array(line("assetInvalidText", 40), msg("assetInvalidText")).max(ASSET_TAGS_MAX, msg("assetTooManyTags")).default([]),
  enabled: z.boolean().default(true),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  address: z.string().trim().max(ASSET_TEXT_MAX, msg("assetTextTooLong")).regex(NO_CONTROL, msg("assetInvalidText")).nullable().optional(),
});
export type AssetBody = z.input<typeof assetBodySchema>;
export type AssetFields = z.output<typeof assetBodySchema>;

/** Query of GET …/assets: q searches category, description and tags; category and enabled filter;
 * page (from 1) and pageSize (≤ 100, default 10). */
export const assetListQuerySchema = z.object({
  q: z.string().trim().max(100).regex(NO_CONTROL).optional(),
  category: z.string().trim().max(80).regex(NO_CONTROL).optional(),
  enabled: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ASSET_PAGE_SIZE_MAX).default(10),
});
export type AssetListQuery = z.input<typeof assetListQuerySchema>;

export const assetParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});
/** Query of the printable sheet: the listed assets' ids (comma-separated), or every enabled asset. */
/** An asset QR code file's query: download=1 asks for it as an attachment. */
export const assetQrQuerySchema = z.object({ download: z.enum(["1"]).optional() });

export const assetSheetQuerySchema = z.object({
  ids: z
    .string()
    .max(2000)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((s) => s.split(",").map(Number))
    .refine((ids) => ids.every((i) => i > 0 && i <= MAX_ID) && ids.length <= 500)
    .optional(),
});

export const assetResponseSchema = z.object({ success: z.literal(true), asset: assetSchema });
export const assetsResponseSchema = z.object({
  success: z.literal(true),
  assets: z.array(assetSchema),
  categories: z.array(z.string()),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

// ── The public page /a/{uuid} ──

export const appAssetParamsSchema = z.object({ uuid: z.uuid() });

/** What a citizen reads on the asset's public page: never the company's internal fields. */
export const publicAssetSchema = z.object({
  uuid: z.string(),
  category: z.string(),
  description: z.string(),
  customMessage: z.string(),
  externalUrl: z.string().nullable(),
  enabled: z.boolean(),
  latitude: z.number(),
  longitude: z.number(),
  address: z.string().nullable(),
  companyName: z.string(),
  /** The report types the citizen may choose (the company's active types), each with its image (SPEC §3
   * `imageName`; `imageUrl`, its public address). */
  types: z.array(z.object({ id: z.number(), name: z.string(), imageName: z.string(), imageUrl: z.string() })),
});
export type PublicAsset = z.infer<typeof publicAssetSchema>;
export const publicAssetResponseSchema = z.object({ success: z.literal(true), asset: publicAssetSchema });

/** Body (JSON, or the multipart fields beside an optional `file` photo) of POST /api/app/assets/{uuid}/reports. */
export const assetReportBodySchema = z.object({
  type: z.coerce.number().int().min(0).max(MAX_ID),
  description: multiline(4000).default(""),
});
export type AssetReportBody = z.input<typeof assetReportBodySchema>;
export const assetReportResponseSchema = z.object({ success: z.literal(true), report: z.object({ id: z.number(), uuid: z.string() }) });

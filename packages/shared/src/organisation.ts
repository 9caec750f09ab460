import { z } from "./zod.js";
import type { OrganisationMessage } from "./organisation-messages.js";
import { MAX_ID } from "./limits.js";

// Teams, tags, sources, form selector lists and custom dashboards of an organisation (SPEC §3, §5).
// Every rule's message is a code of the `organisation` catalogue (OrganisationMessage): the API answers
// it as the field's `code` with its text in the caller's language, and the portal shows the same text.

const msg = (code: OrganisationMessage) => ({ message: code });
const NO_CONTROL = /^[^\p{Cc}]*$/u;
/** #RGB or #RRGGBB. */
export const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
export const ORGANISATION_NAME_MAX = 80;

/** A required, trimmed name without control characters. */
const name = (required: OrganisationMessage, max = ORGANISATION_NAME_MAX) =>
  z.string(msg(required)).trim().min(1, msg(required)).max(max, msg("nameTooLong")).regex(NO_CONTROL, msg("invalidText"));
const color = z.string(msg("colorInvalid")).regex(COLOR_PATTERN, msg("colorInvalid"));
const id = z.number().int().positive().max(MAX_ID);

/** Path parameters of one record of the organisation. */
export const organisationParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});

// ── Teams ──────────────────────────────────────────────────────────────────────────────────────────

/** A team of the organisation with its members' ids; `deleted` only in lists that include deleted teams. */
export const teamSchema = z.object({ id: z.number(), name: z.string(), color: z.string(), memberIds: z.array(z.number()), deleted: z.boolean().optional() });
export type Team = z.infer<typeof teamSchema>;

/** Body of POST and PUT …/teams: name required without spaces (unique: 409), at least one member of the company, a colour. */
export const teamBodySchema = z.object({
  name: name("teamNameRequired").regex(/^\S+$/, msg("teamNameSpaces")),
  members: z.array(id, msg("teamMembersRequired")).min(1, msg("teamMembersRequired")).max(500),
  color,
});
export type TeamBody = z.infer<typeof teamBodySchema>;

/** GET …/teams: includeDeleted=true adds deleted teams (marked), so history can still name them. */
export const teamListQuerySchema = z.object({ includeDeleted: z.enum(["true", "false"]).optional() });

export const teamsResponseSchema = z.object({ success: z.literal(true), teams: z.array(teamSchema) });
export const teamResponseSchema = z.object({ success: z.literal(true), team: teamSchema });

// ── Tags ───────────────────────────────────────────────────────────────────────────────────────────

/** Languages a tag is written in and translated to (pt as for report type names). */
export const TAG_LANGUAGES = ["es", "en", "fr", "pt"] as const;
export type TagLanguage = (typeof TAG_LANGUAGES)[number];
export const TAG_TRANSLATION_MAX = ORGANISATION_NAME_MAX;

const translation = z.string().trim().max(TAG_TRANSLATION_MAX, msg("tagTranslationTooLong")).regex(NO_CONTROL, msg("invalidText"));
/** A tag's name in other languages; an empty one is no translation. */
export const tagTranslationsSchema = z.object({ es: translation.optional(), en: translation.optional(), fr: translation.optional(), pt: translation.optional() });
export type TagTranslations = z.infer<typeof tagTranslationsSchema>;

/** A tag of the organisation. */
export const tagSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  color: z.string(),
  lang: z.string(),
  translations: z.record(z.string(), z.string()),
});
export type Tag = z.infer<typeof tagSchema>;

/** Body of POST and PUT …/tags (company admins only): name (unique: 409), colour, language, translations. */
export const tagBodySchema = z.object({
  name: name("tagNameRequired"),
  color,
  lang: z.enum(TAG_LANGUAGES, msg("tagLangInvalid")),
  translations: tagTranslationsSchema.default({}),
});
export type TagBody = z.input<typeof tagBodySchema>;

/** Default page size of paged lists (SPEC §9). */
export const TAG_PAGE_SIZE = 10;

/** GET …/tags: without `page` every tag (the report form's picker); with it, that page. `q` filters by name. */
export const tagListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(TAG_PAGE_SIZE),
  q: z.string().trim().max(ORGANISATION_NAME_MAX).regex(NO_CONTROL).optional(),
});
export type TagListQuery = z.infer<typeof tagListQuerySchema>;

export const tagsResponseSchema = z.object({
  success: z.literal(true),
  tags: z.array(tagSchema),
  /** Tags matching the filter, over every page. */
  total: z.number(),
  page: z.number().optional(),
  pageSize: z.number().optional(),
});
export const tagResponseSchema = z.object({ success: z.literal(true), tag: tagSchema });

// ── Sources ────────────────────────────────────────────────────────────────────────────────────────

/** Where a report came from (SPEC §3 Source). */
export const sourceSchema = z.object({ id: z.number(), name: z.string() });
export type Source = z.infer<typeof sourceSchema>;
/** Body of POST and PUT …/sources: a name, not empty and not a duplicate (409). */
export const sourceBodySchema = z.object({ name: name("sourceNameRequired") });
export type SourceBody = z.infer<typeof sourceBodySchema>;
export const sourcesResponseSchema = z.object({ success: z.literal(true), sources: z.array(sourceSchema) });
export const sourceResponseSchema = z.object({ success: z.literal(true), source: sourceSchema });

// ── Form selector lists ────────────────────────────────────────────────────────────────────────────

export const SELECTOR_ITEMS_MAX = 500;
/** A list of options forms pick from (SPEC §3 Form selector list): name, group, items. */
export const selectorSchema = z.object({ id: z.number(), name: z.string(), group: z.string().nullable(), items: z.array(z.object({ name: z.string() })) });
export type Selector = z.infer<typeof selectorSchema>;

/** Body of POST and PUT …/selectors: a name, an optional group, at least one item, item names unique (letter case aside). */
export const selectorBodySchema = z.object({
  name: name("selectorNameRequired"),
  group: z.string().trim().max(ORGANISATION_NAME_MAX, msg("selectorGroupTooLong")).regex(NO_CONTROL, msg("invalidText")).nullable().optional(),
  items: z
    .array(z.object({ name: name("selectorItemNameRequired", 120) }), msg("selectorItemsRequired"))
    .min(1, msg("selectorItemsRequired"))
    .max(SELECTOR_ITEMS_MAX)
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        const key = item.name.toLocaleLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: "custom", message: "selectorItemDuplicate", path: [i, "name"] });
        seen.add(key);
      });
    }),
});
export type SelectorBody = z.input<typeof selectorBodySchema>;
export const selectorsResponseSchema = z.object({ success: z.literal(true), selectors: z.array(selectorSchema) });
export const selectorResponseSchema = z.object({ success: z.literal(true), selector: selectorSchema });

// ── Custom dashboards ──────────────────────────────────────────────────────────────────────────────

export const DASHBOARD_LINK_MAX = 2000;
// The WHATWG URL parser of both runtimes (this package is built without DOM or Node types).
interface ParsedUrl {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  origin: string;
}
declare const URL: new (input: string) => ParsedUrl;

// A host the CSP can name as it is: a DNS name, IPv4 or a bracketed IPv6 (the URL parser lets through
// characters such as `;` that would end a CSP directive).
const CSP_SAFE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/i;

/** The origin of an http(s) link a custom dashboard may embed, or undefined when the link is not a
 * valid URL (credentials and hosts a CSP could not name are refused too). */
export function dashboardOrigin(link: string): string | undefined {
  let url: ParsedUrl;
  try {
    url = new URL(link);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password || !CSP_SAFE_HOST.test(url.hostname)) return undefined;
  return url.origin;
}

/** A custom dashboard: a name and the link the portal shows embedded (SPEC §3). */
export const customDashboardSchema = z.object({ id: z.number(), name: z.string(), link: z.string() });
export type CustomDashboard = z.infer<typeof customDashboardSchema>;

/** Body of POST and PUT …/dashboards: name, and a valid http(s) link ("The URL entered is not valid"). */
export const customDashboardBodySchema = z.object({
  name: name("dashboardNameRequired"),
  link: z
    .string(msg("dashboardUrlInvalid"))
    .trim()
    .max(DASHBOARD_LINK_MAX, msg("dashboardUrlInvalid"))
    .refine((link) => dashboardOrigin(link) !== undefined, msg("dashboardUrlInvalid")),
});
export type CustomDashboardBody = z.infer<typeof customDashboardBodySchema>;
export const customDashboardsResponseSchema = z.object({ success: z.literal(true), dashboards: z.array(customDashboardSchema) });
export const customDashboardResponseSchema = z.object({ success: z.literal(true), dashboard: customDashboardSchema });
/** POST …/dashboards/{id}/frame: the single-use address of the dashboard's frame page (the portal's
 * iframe opens it; its CSP frames this dashboard's origin alone). */
export const dashboardFrameResponseSchema = z.object({ success: z.literal(true), url: z.string() });
/** GET /api/dashboard-frames/{ticket}: a ticket is 43 base64url characters. */
export const dashboardFrameParamsSchema = z.object({ ticket: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

// ── API keys (issue 18) ────────────────────────────────────────────────────────────────────────────

/** An API key of the organisation as listed: never the key itself, only the prefix it starts with. */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** Body of POST …/api-keys (company admins): a name saying who uses it. */
export const apiKeyBodySchema = z.object({ name: name("apiKeyNameRequired") });
export type ApiKeyBody = z.infer<typeof apiKeyBodySchema>;

export const apiKeysResponseSchema = z.object({ success: z.literal(true), apiKeys: z.array(apiKeySchema) });
export const apiKeyResponseSchema = z.object({ success: z.literal(true), apiKey: apiKeySchema });
/** The answer to creating a key: the only time the whole key is shown. */
export const apiKeyCreatedResponseSchema = z.object({ success: z.literal(true), apiKey: apiKeySchema, key: z.string() });

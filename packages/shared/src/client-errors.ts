import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import type { Language } from "./constants.js";

// Client error reporting (issue 18): what the browser sends about its uncaught errors and failed API
// calls, the scrubbing both sides apply so no token or personal data is stored, and the provider's
// grouped listing.

export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection", "boundary", "api"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** Bounds of one report: longer texts are cut by the client and refused by the server. */
export const CLIENT_ERROR_LIMITS = {
  message: 500,
  stack: 4000,
  route: 200,
  release: 40,
  /** Errors in one batch. */
  batch: 20,
  /** Occurrences one entry may stand for (the client's deduplication counts repeats). */
  count: 1000,
} as const;

/** How long client errors are kept (README, "Data retention"). */
export const CLIENT_ERROR_RETENTION_DAYS = 30;

/** Problems of a report's fields, sent as the field's code with a text in the caller's language. */
export const CLIENT_ERROR_PROBLEMS = ["control_characters", "invalid_release", "invalid_route"] as const;
export type ClientErrorProblem = (typeof CLIENT_ERROR_PROBLEMS)[number];

export const CLIENT_ERROR_MESSAGES: Readonly<Record<Language, Readonly<Record<ClientErrorProblem, string>>>> = {
  es: {
    control_characters: "El texto contiene caracteres de control",
    invalid_release: "La versión no es válida",
    invalid_route: "La ruta debe comenzar con / y no llevar consulta",
  },
  en: {
    control_characters: "The text contains control characters",
    invalid_release: "The release is not valid",
    invalid_route: "The route must start with / and carry no query",
  },
  fr: {
    control_characters: "Le texte contient des caractères de contrôle",
    invalid_release: "La version n'est pas valide",
    invalid_route: "La route doit commencer par / et ne porter aucune requête",
  },
};

/** True for a key of CLIENT_ERROR_PROBLEMS. */
export function isClientErrorProblem(value: unknown): value is ClientErrorProblem {
  return typeof value === "string" && (CLIENT_ERROR_PROBLEMS as readonly string[]).includes(value);
}

// Control characters: none in a message or route; a stack keeps its line breaks and tabs.
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- replacing them is the point
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f]/g;
// eslint-disable-next-line no-control-regex -- replacing them is the point
const CONTROL_BUT_LINES_ALL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const EMAIL = /[^\s@<>()"'[\]{},;:/\\]+@[^\s@<>()"'[\]{},;:/\\]+\.[A-Za-z]{2,}/g;
// A phone number: 7 or more digits, optionally with a leading + and spaces, dots, dashes or brackets.
const PHONE = /\+?\(?\d(?:[\s.()-]*\d){6,}/g;
// A JSON Web Token, a bearer credential, or a long run of hex/base64url (a token, key or code).
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const SECRET_PAIR = /\b([\w-]*(?:token|key|code|secret|password|passwd|pwd|session|auth|ticket|signature|sig)[\w-]*)(\s*[=:]\s*)("?)[^\s&"',;]+/gi;
// Random tokens mix letters and digits; a long hyphenated word (a CSS class, a route) has no digit.
const LONG_TOKEN = /\b(?=[A-Za-z_-]*\d)(?=[0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}\b/g;
// A URL's query and fragment (they carry keys, codes and tickets): kept as its path only, and a
// stack frame's :line:column after it.
const URL_QUERY = /(\bhttps?:\/\/[^\s?#"'<>]*)[?#][^\s"'<>()]*?(?=(?::\d+)*(?:[\s"'<>()]|$))/gi;

/** A text fit to store: control characters turned into spaces (a stack keeps its line breaks), URLs
 * without their query, e-mails, phone numbers, tokens and `key=value` secrets replaced by a marker,
 * cut to `max` characters. The same rule runs in the browser before sending and on the server. */
export function scrubText(text: string, max: number, keepLines = false): string {
  const cleaned = text
    .replace(keepLines ? CONTROL_BUT_LINES_ALL : CONTROL_ALL, " ")
    .replace(URL_QUERY, "$1")
    .replace(JWT, "[token]")
    .replace(BEARER, "$1 [token]")
    .replace(SECRET_PAIR, "$1$2$3[redacted]")
    .replace(EMAIL, "[email]")
    .replace(PHONE, "[phone]")
    .replace(LONG_TOKEN, "[token]");
  const trimmed = keepLines ? cleaned.replace(/[ \t]+$/gm, "").trim() : cleaned.replace(/\s+/g, " ").trim();
  return Array.from(trimmed).slice(0, max).join("");
}

const UUID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The route of an address as the reports group it: the path without query or fragment, each id,
 * uuid or token segment replaced by `:id`, e-mails and phones scrubbed (`/v3/events/:id`). */
export function routeOf(address: string): string {
  const path = address.split(/[?#]/)[0] || "/";
  const segments = path.split("/").map((s) => {
    if (s === "") return s;
    if (/^\d+$/.test(s) || UUID_SEGMENT.test(s) || (/^[A-Za-z0-9_-]{20,}$/.test(s) && /\d/.test(s)) || /\d{4,}/.test(s)) return ":id";
    return s;
  });
  const route = scrubText(segments.join("/"), CLIENT_ERROR_LIMITS.route).replace(/\s/g, "");
  return route.startsWith("/") ? route : `/${route}`;
}

const noControl = (keepLines: boolean) => (s: string) => !(keepLines ? CONTROL_BUT_LINES : CONTROL).test(s);

/** One error (or one failed call) as the browser reports it; `count` is how many times the client
 * saw it within the batch's window. */
export const clientErrorSchema = z.object({
  kind: z.enum(CLIENT_ERROR_KINDS),
  message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message).refine(noControl(false), "control_characters"),
  stack: z.string().max(CLIENT_ERROR_LIMITS.stack).refine(noControl(true), "control_characters").optional(),
  route: z
    .string()
    .min(1)
    .max(CLIENT_ERROR_LIMITS.route)
    .refine(noControl(false), "control_characters")
    .refine((s) => s.startsWith("/") && !/[?#\s]/.test(s), "invalid_route"),
  /** A failed call's HTTP status (0: no response) and method. */
  status: z.number().int().min(0).max(599).optional(),
  method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).optional(),
  count: z.number().int().min(1).max(CLIENT_ERROR_LIMITS.count).default(1),
  /** When the client first saw it (ISO 8601); the server keeps its own receipt time. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type ClientErrorInput = z.input<typeof clientErrorSchema>;

/** A batch: the portal's release, the selected company (recorded only when the caller is signed in
 * and a member of it), the errors. Who the user is comes from the access token, never the body. */
export const clientErrorReportSchema = z.object({
  release: z.string().min(1).max(CLIENT_ERROR_LIMITS.release).regex(/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/, "invalid_release"),
  companyId: z.number().int().positive().max(MAX_ID).nullable().optional(),
  errors: z.array(clientErrorSchema).min(1).max(CLIENT_ERROR_LIMITS.batch),
});
export type ClientErrorReport = z.input<typeof clientErrorReportSchema>;

export const clientErrorReportResponseSchema = z.object({ success: z.literal(true), stored: z.number().int() });

/** The provider's listing: filter by release, paged. */
export const clientErrorGroupsQuerySchema = z.object({
  release: z.string().min(1).max(CLIENT_ERROR_LIMITS.release).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One group: the same message in the same release. */
export const clientErrorGroupSchema = z.object({
  /** Stable id of the group (a digest of message and release), for its detail. */
  id: z.string(),
  message: z.string(),
  release: z.string(),
  kinds: z.array(z.enum(CLIENT_ERROR_KINDS)),
  count: z.number().int(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  routes: z.array(z.string()),
  users: z.number().int(),
});
export type ClientErrorGroup = z.infer<typeof clientErrorGroupSchema>;

export const clientErrorGroupsResponseSchema = z.object({
  success: z.literal(true),
  groups: z.array(clientErrorGroupSchema),
  total: z.number().int(),
  /** Every release seen in the kept window, newest first, for the filter. */
  releases: z.array(z.string()),
});
export type ClientErrorGroupsResponse = z.infer<typeof clientErrorGroupsResponseSchema>;

/** A group's id (32 hex digits); any other text is a group that does not exist (404), so a caller
 * who is not a provider administrator hears 403 before anything about the id. */
export const clientErrorGroupParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** One occurrence of a group, newest first. */
export const clientErrorOccurrenceSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CLIENT_ERROR_KINDS),
  route: z.string(),
  status: z.number().int().nullable(),
  method: z.string().nullable(),
  stack: z.string().nullable(),
  count: z.number().int(),
  userId: z.number().int().nullable(),
  companyId: z.number().int().nullable(),
  userAgent: z.string().nullable(),
  receivedAt: z.string(),
});
export type ClientErrorOccurrence = z.infer<typeof clientErrorOccurrenceSchema>;

export const clientErrorGroupResponseSchema = z.object({
  success: z.literal(true),
  group: clientErrorGroupSchema,
  occurrences: z.array(clientErrorOccurrenceSchema),
});
export type ClientErrorGroupResponse = z.infer<typeof clientErrorGroupResponseSchema>;

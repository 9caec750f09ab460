// Client error reporting (issue 18): its kinds, bounds and texts, and the scrubbing both sides apply so
// no token or personal data is stored. No zod here: the portal's error reporter loads with the login
// page, and the schemas (client-errors.ts) would bring zod into that first download.

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

// Their texts are the `client-errors` catalogue, locales/<lang>/client-errors.json.

/** True for a key of CLIENT_ERROR_PROBLEMS. */
export function isClientErrorProblem(value: unknown): value is ClientErrorProblem {
  return typeof value === "string" && (CLIENT_ERROR_PROBLEMS as readonly string[]).includes(value);
}

/** Control characters: none in a message or route (CLIENT_TEXT_CONTROL); a stack keeps its line breaks
 * and tabs (CLIENT_STACK_CONTROL). */
// eslint-disable-next-line no-control-regex -- finding them is the point
export const CLIENT_TEXT_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding them is the point
export const CLIENT_STACK_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
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


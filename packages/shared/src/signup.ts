import { z } from "./zod.js";
import { LANGUAGES } from "./constants.js";
import type { MediaKind } from "./interactions.js";
import { ORGANISATION_CATEGORIES } from "./enums.js";
import { MAX_ID } from "./limits.js";
import { normalizePhone } from "./phone.js";
import { SIGNUP_CITY_TYPE_IDS, SIGNUP_SECURITY_TYPE_IDS } from "./catalogue.js";
import { zonePolygonSchema, ZONE_NAME_MAX } from "./zones.js";

// Self-service sign-up (SPEC §2 account creation, §3 Onboarding/Registration/Pre-registration, §5
// sign-up rules), password reset and the law-enforcement pages (issue 13). Every rule's message is a
// code of the `signup` catalogue (locales/<lang>/signup.json): the API answers it as the field's `code`
// with its text in the caller's language, and the screens show the same text before sending.

/** A rule's code (a field problem of a 400): a key of the `signup` catalogue, whose texts the API
 * answers with and the portal shows. */
export type SignupMessage = keyof typeof import("../locales/es/signup.json", { with: { type: "json" } });

const msg = (code: SignupMessage) => ({ message: code });
const NO_CONTROL = /^[^\p{Cc}]*$/u;
// The same pragmatic address pattern as the user admin (SPEC §5 "standard address pattern").
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}.]{2,}$/u;

/** Single-use keys and codes: 128 bits, URL-safe base64 (22 characters). */
export const ONE_TIME_CODE_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A pre-registration key is valid this long (issue 13). */
export const SIGNUP_KEY_TTL_DAYS = 7;
/** A law-enforcement access link is valid this long. */
export const LAW_ENFORCEMENT_LINK_TTL_HOURS = 24;
/** A password-reset code is valid this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** SPEC §5/§9: sign-up password 8 to 12 characters, without spaces. */
export const SIGNUP_PASSWORD_MIN = 8;
export const SIGNUP_PASSWORD_MAX = 12;
export const SIGNUP_TEXT_MAX = 120;
export const SIGNUP_LONG_TEXT_MAX = 2000;
/** The report types a sign-up may choose: SPEC §3's two preference groups. */
export const SIGNUP_TYPE_IDS: readonly number[] = [...SIGNUP_SECURITY_TYPE_IDS, ...SIGNUP_CITY_TYPE_IDS];
/** Modules a new freemium organisation starts with (the demo freemium organisation's). */
export const FREEMIUM_MODULES = ["events", "history", "teams", "messages"] as const;
/** SPEC §9 zone colours: pink fill under a #F54286 stroke. */
export const SIGNUP_ZONE_FILL = "#F54286";

export const emailSchema = z.string(msg("emailInvalid")).trim().max(254, msg("emailInvalid")).regex(EMAIL_PATTERN, msg("emailInvalid"));
/** A required text: trimmed, not only spaces, without control characters. */
const required = (code: SignupMessage, max = SIGNUP_TEXT_MAX) =>
  z.string(msg(code)).trim().min(1, msg(code)).max(max, msg("textTooLong")).regex(NO_CONTROL, msg("invalidText"));
const oneTimeCode = (code: SignupMessage) => z.string(msg(code)).regex(ONE_TIME_CODE_PATTERN, msg(code));
const color = z.string(msg("colorInvalid")).regex(/^#[0-9a-fA-F]{6}$/, msg("colorInvalid"));

/** True for a sign-up password (SPEC §5: 8 to 12 characters, no spaces). */
export function isSignupPassword(value: string): boolean {
  return value.length >= SIGNUP_PASSWORD_MIN && value.length <= SIGNUP_PASSWORD_MAX && !/\s/.test(value) && NO_CONTROL.test(value);
}

// ── Pre-registration ───────────────────────────────────────────────────────────────────────────────

/** POST /api/v2/app-companies/freemium/preregistration (SPEC §3, §7): the e-mail to mail a key to. */
export const preregistrationBodySchema = z.object({ email: emailSchema });
export type PreregistrationBody = z.infer<typeof preregistrationBodySchema>;

/** SPEC §7: the sign-up calls answer a success flag. */
export const signupSuccessSchema = z.object({ success: z.literal(true) });

/** GET /api/v2/app-companies/freemium/key/{key}: the e-mail a valid key binds (prefilled, verified). */
export const signupKeyParamsSchema = z.object({ key: oneTimeCode("keyInvalid") });
export const signupKeyResponseSchema = z.object({ success: z.literal(true), email: z.string() });

/** GET /api/auth/verify-email: the verification mail's single-use code. */
export const verifyEmailQuerySchema = z.object({ code: z.string().regex(ONE_TIME_CODE_PATTERN) });

// ── Registration ───────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 Onboarding personal information (the registration's `user`). */
export const signupUserSchema = z.object({
  firstName: required("firstNameRequired", 60),
  lastName: required("lastNameRequired", 60),
  password: z.string(msg("signupPassword")).refine(isSignupPassword, msg("signupPassword")),
  email: emailSchema,
  lang: z.enum(LANGUAGES),
});
export type SignupUser = z.infer<typeof signupUserSchema>;

/** SPEC §3 Onboarding team information (the registration's `organization`). */
export const signupOrganizationSchema = z.object({
  name: required("organizationRequired", 80),
  category: z.enum(ORGANISATION_CATEGORIES, msg("categoryRequired")),
  activities: required("activitiesRequired", 500),
  contactPhone: z
    .string(msg("phoneInvalid"))
    .trim()
    .max(30, msg("phoneInvalid"))
    .refine((v) => normalizePhone(v) !== null, msg("phoneInvalid")),
});
export type SignupOrganization = z.infer<typeof signupOrganizationSchema>;

/** SPEC §3 Registration zone: name as typed, the polygon with its ring closed, fill and border colours. */
export const signupZoneSchema = z.object({
  name: z.string(msg("zoneNameRequired")).min(1, msg("zoneNameRequired")).max(ZONE_NAME_MAX, msg("textTooLong")).regex(NO_CONTROL, msg("invalidText"))
    .refine((v) => v.trim().length > 0, msg("zoneNameRequired")),
  polygon: zonePolygonSchema,
  fillColor: color,
  borderColor: color,
});

/** The ALTCHA payload of a solved challenge (base64 JSON). */
export const captchaSchema = z.string(msg("captchaRequired")).min(1, msg("captchaRequired")).max(4000, msg("captchaInvalid")).regex(/^[A-Za-z0-9+/=]+$/, msg("captchaInvalid"));

/** POST /api/v2/app-companies/freemium/registration (SPEC §3 Registration payload, plus the solved
 * captcha of the organisation step, which the server verifies and spends). */
export const registrationBodySchema = z.object({
  user: signupUserSchema,
  organization: signupOrganizationSchema,
  zone: signupZoneSchema,
  reportsTypes: z
    .array(z.number().int().min(0).max(MAX_ID), msg("reportTypesRequired"))
    .min(1, msg("reportTypesRequired"))
    .max(SIGNUP_TYPE_IDS.length, msg("reportTypeInvalid"))
    .refine((ids) => ids.every((id) => SIGNUP_TYPE_IDS.includes(id)), msg("reportTypeInvalid")),
  key: oneTimeCode("keyInvalid").optional(),
  captcha: captchaSchema,
});
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

/** POST /api/v2/app-companies/freemium/lead: what the organisation step posts to the lead webhook. */
export const leadBodySchema = z.object({
  email: emailSchema,
  firstName: required("firstNameRequired", 60),
  lastName: required("lastNameRequired", 60),
  organization: signupOrganizationSchema,
});
export type LeadBody = z.infer<typeof leadBodySchema>;

/** GET /api/v2/captcha/challenge: an ALTCHA challenge the widget solves. */
export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().optional(),
  salt: z.string(),
  signature: z.string(),
});

// ── Password reset ─────────────────────────────────────────────────────────────────────────────────

/** POST /api/auth/forgot-password: always the same answer (no account enumeration). */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });
/** POST /api/auth/reset-password: the mailed code and the new password. */
export const resetPasswordBodySchema = z.object({
  code: oneTimeCode("codeInvalid"),
  password: z
    .string(msg("passwordLength"))
    .min(8, msg("passwordLength"))
    .max(64, msg("passwordLength"))
    .regex(/^[^\s\p{Cc}]+$/u, msg("passwordLength")),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

// ── Law enforcement ────────────────────────────────────────────────────────────────────────────────

/** Domains whose e-mails may ask for data when LAW_ENFORCEMENT_DOMAINS is not set (Chilean entities). */
export const DEFAULT_LAW_ENFORCEMENT_DOMAINS = ["gob.cl", "carabineros.cl", "pdichile.cl", "fiscaliamp.cl", "pjud.cl"] as const;

/** True when the e-mail's domain is one of the list or a subdomain of one (minsal.gob.cl → gob.cl). */
export function isLawEnforcementEmail(email: string, domains: readonly string[]): boolean {
  const domain = email.trim().toLowerCase().split("@")[1] ?? "";
  return domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

// The WHATWG URL parser of both runtimes (this package is built without DOM or Node types).
declare const URL: new (input: string) => { protocol: string };

/** True for an absolute http(s) address. */
function isHttpUrl(value: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** POST /api/law-enforcement/access. */
export const lawEnforcementAccessBodySchema = z.object({
  email: emailSchema,
  acceptTerms: z.literal(true, msg("termsRequired")),
});

export const LAW_ENFORCEMENT_STATES = ["received", "in_review", "answered", "refused"] as const;
export type LawEnforcementState = (typeof LAW_ENFORCEMENT_STATES)[number];

const isoDate = z.iso.datetime({ offset: true, message: "windowInvalid" });

/** POST /api/law-enforcement/requests: the form, with the single-use token of the mailed link. */
export const lawEnforcementRequestBodySchema = z
  .object({
    token: oneTimeCode("codeInvalid"),
    agency: required("fieldRequired"),
    officerName: required("fieldRequired"),
    officerRank: required("fieldRequired"),
    caseNumber: required("fieldRequired", 60),
    legalBasis: required("fieldRequired", SIGNUP_LONG_TEXT_MAX),
    reportIds: z.array(z.number().int().positive().max(MAX_ID)).max(200).default([]),
    area: zonePolygonSchema.optional(),
    windowStart: isoDate.optional(),
    windowEnd: isoDate.optional(),
    /** Attachments are named links the officer gives (court orders kept by the agency). */
    attachments: z.array(z.string().trim().max(500, msg("textTooLong")).regex(NO_CONTROL, msg("invalidText")).refine(isHttpUrl, msg("invalidText"))).max(10).default([]),
  })
  .refine((b) => b.reportIds.length > 0 || (b.area !== undefined && b.windowStart !== undefined && b.windowEnd !== undefined), {
    ...msg("requestTargetRequired"),
    path: ["reportIds"],
  })
  .refine((b) => !b.windowStart || !b.windowEnd || Date.parse(b.windowStart) < Date.parse(b.windowEnd), { ...msg("windowInvalid"), path: ["windowEnd"] });
export type LawEnforcementRequestBody = z.input<typeof lawEnforcementRequestBodySchema>;

/** Files attached to a request: PDF, JPEG or PNG by content, each within MAX_UPLOAD_MB, at most this many. */
export const LAW_ENFORCEMENT_MAX_FILES = 5;
export const LAW_ENFORCEMENT_FILE_KINDS = ["pdf", "jpeg", "png"] as const satisfies readonly MediaKind[];

/** A file attached to a request, downloaded by provider administrators from its url. */
export const lawEnforcementFileSchema = z.object({
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  originalName: z.string().nullable(),
  url: z.string(),
});
export type LawEnforcementFile = z.infer<typeof lawEnforcementFileSchema>;

export const lawEnforcementRequestSchema = z.object({
  id: z.number(),
  reference: z.string(),
  email: z.string(),
  agency: z.string(),
  officerName: z.string(),
  officerRank: z.string(),
  caseNumber: z.string(),
  legalBasis: z.string(),
  reportIds: z.array(z.number()),
  area: zonePolygonSchema.nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  attachments: z.array(z.string()),
  files: z.array(lawEnforcementFileSchema),
  state: z.enum(LAW_ENFORCEMENT_STATES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LawEnforcementRequest = z.infer<typeof lawEnforcementRequestSchema>;
export const lawEnforcementCreatedSchema = z.object({ success: z.literal(true), reference: z.string() });
export const lawEnforcementListSchema = z.object({ success: z.literal(true), requests: z.array(lawEnforcementRequestSchema) });
/** The answer of setting a request's state: the request as stored. */
export const lawEnforcementStateResponseSchema = z.object({ success: z.literal(true), request: lawEnforcementRequestSchema });
export const lawEnforcementStateBodySchema = z.object({ state: z.enum(LAW_ENFORCEMENT_STATES) });
export const lawEnforcementParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const lawEnforcementFileParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID), name: z.string().max(64) });
export const lawEnforcementTokenQuerySchema = z.object({ token: oneTimeCode("codeInvalid") });
export const lawEnforcementTokenResponseSchema = z.object({ success: z.literal(true), email: z.string() });

// ── Mail outbox ────────────────────────────────────────────────────────────────────────────────────

export const MAIL_STATES = ["outbox", "queued", "sent", "failed"] as const;
export const mailMessageSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  template: z.string(),
  lang: z.string(),
  state: z.enum(MAIL_STATES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;
export const mailOutboxQuerySchema = z.object({
  to: z.string().trim().max(254).regex(NO_CONTROL).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const mailOutboxResponseSchema = z.object({ success: z.literal(true), messages: z.array(mailMessageSchema) });

import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { LANGUAGES } from "./constants.js";
import { COMPANY_ROLES, ROLE_NAMES } from "./roles.js";
import { alarmSettingsSchema, userSettingsSchema } from "./auth.js";
import { normalizePhone } from "./phone.js";
import { isValidRut } from "./rut.js";

// User administration of a company (SPEC §2 user admin and user view, §3 User, §5 profile rules).

/** What can be wrong with a field of the user forms; the API sends the key as the field's code and
 * its text in the caller's language, the portal shows the same texts before sending. */
export const USER_FIELD_PROBLEMS = [
  "name_too_short",
  "name_too_long",
  "invalid_text",
  "invalid_rut",
  "invalid_phone",
  "invalid_email",
  "role_required",
  "password_length",
  "password_mismatch",
  "invalid_zone",
  "invalid_report_type",
  "invalid_timezone",
  "email_taken",
] as const;
export type UserFieldProblem = (typeof USER_FIELD_PROBLEMS)[number];

// SPEC §5 profile rules' messages, es/en/fr: the `users` catalogue (locales/<lang>/users.json), one text
// per problem.

/** True for a key of USER_FIELD_PROBLEMS. */
export function isUserFieldProblem(value: unknown): value is UserFieldProblem {
  return typeof value === "string" && (USER_FIELD_PROBLEMS as readonly string[]).includes(value);
}

export const USER_NAME_MIN = 3;
export const USER_NAME_MAX = 60;
export const USER_PASSWORD_MIN = 8;
export const USER_PASSWORD_MAX = 64;

const NO_CONTROL = /^[^\p{Cc}]*$/u;
// A pragmatic address pattern (SPEC §5 "standard address pattern"): something@domain.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}.]{2,}$/u;

/** True when the name is a time zone this runtime knows (IANA names such as America/Santiago). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+){0,2}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const personName = z
  .string({ message: "name_too_short" })
  .trim()
  .min(USER_NAME_MIN, { message: "name_too_short" })
  .max(USER_NAME_MAX, { message: "name_too_long" })
  .regex(NO_CONTROL, { message: "invalid_text" });
const email = z.string({ message: "invalid_email" }).trim().max(254, { message: "invalid_email" }).regex(EMAIL_PATTERN, { message: "invalid_email" });
const phone = z.string({ message: "invalid_phone" }).trim().max(30, { message: "invalid_phone" }).refine((v) => normalizePhone(v) !== null, { message: "invalid_phone" });
const socialNumber = z.string({ message: "invalid_rut" }).trim().max(20, { message: "invalid_rut" }).refine(isValidRut, { message: "invalid_rut" });
/** An optional text of the profile (SPEC §5 asks phone and RUT to be valid, not to be there): blank or
 * spaces only is "not given", null, which on an edit clears the stored value; anything else must pass
 * the field's rule. */
const optionalText = <T extends z.ZodType<string>>(rule: T) =>
  z.preprocess((value) => (value === null || (typeof value === "string" && value.trim() === "") ? null : value), rule.nullable()).optional();
const role = z.enum(COMPANY_ROLES, { message: "role_required" });
const password = z.string({ message: "password_length" }).min(USER_PASSWORD_MIN, { message: "password_length" }).max(USER_PASSWORD_MAX, { message: "password_length" });
const zones = z.array(z.number({ message: "invalid_zone" }).int({ message: "invalid_zone" }).positive({ message: "invalid_zone" }).max(MAX_ID, { message: "invalid_zone" })).max(500);
const reportTypes = z
  .array(z.number({ message: "invalid_report_type" }).int({ message: "invalid_report_type" }).min(0, { message: "invalid_report_type" }).max(MAX_ID, { message: "invalid_report_type" }))
  .max(500);

/** Confirmation must match (SPEC §5), checked even while other fields still have problems. */
const confirmationMatches = {
  message: "password_mismatch",
  path: ["password_confirmation"],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
    return typeof v?.password === "string" && typeof v.password_confirmation === "string";
  },
};
const passwordsMatch = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;

/** POST /api/companies/{cid}/users (SPEC §5 profile rules): e-mail, names, role and a password with its
 * confirmation are required, phone and RUT checked when given. An e-mail of an existing account that is
 * not a member yet makes it one (its profile and password stay its own). */
export const userCreateBodySchema = z
  .object({
    email,
    first_name: personName,
    last_name: personName,
    phone: optionalText(phone),
    social_number: optionalText(socialNumber),
    role,
    password,
    password_confirmation: z.string({ message: "password_mismatch" }).max(USER_PASSWORD_MAX, { message: "password_mismatch" }),
    zones: zones.default([]),
    reportTypes: reportTypes.default([]),
  })
  .refine(passwordsMatch, confirmationMatches);
export type UserCreateBody = z.infer<typeof userCreateBodySchema>;
export type UserCreateInput = z.input<typeof userCreateBodySchema>;

/** The settings an administrator sets for a member (SPEC §3 User settings); absent ones keep their value. */
export const userAdminSettingsSchema = userSettingsSchema
  .omit({ portal_version: true, alarm: true })
  .extend({ portal_version: z.enum(["v1", "v2", "v3"]), alarm: alarmSettingsSchema })
  .partial()
  .strict();
export type UserAdminSettings = z.infer<typeof userAdminSettingsSchema>;

/** PUT /api/companies/{cid}/users/{id}: any of the profile, the role, the restrictions (zones, report
 * types: empty = all), language, time zone and settings. */
export const userUpdateBodySchema = z
  .object({
    email: email.optional(),
    first_name: personName.optional(),
    last_name: personName.optional(),
    phone: optionalText(phone),
    social_number: optionalText(socialNumber),
    role: role.optional(),
    zones: zones.optional(),
    reportTypes: reportTypes.optional(),
    lang: z.enum(LANGUAGES).optional(),
    timezone: z.string().max(64, { message: "invalid_timezone" }).refine(isTimeZone, { message: "invalid_timezone" }).optional(),
    settings: userAdminSettingsSchema.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "empty update" });
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/** PUT /api/companies/{cid}/users/{id}/password. */
export const userPasswordBodySchema = z
  .object({ password, password_confirmation: z.string({ message: "password_mismatch" }).max(USER_PASSWORD_MAX, { message: "password_mismatch" }) })
  .refine(passwordsMatch, confirmationMatches);
export type UserPasswordBody = z.infer<typeof userPasswordBodySchema>;

/** GET /api/companies/{cid}/users: search (name, e-mail, RUT, phone), role and locked filters, pages. */
export const userListQuerySchema = z.object({
  q: z.string().trim().max(100).regex(NO_CONTROL).optional(),
  role: z.enum(COMPANY_ROLES).optional(),
  locked: z.enum(["true", "false"]).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** DELETE /api/companies/{cid}/users/{id}: removes the membership; `permanent=true` deletes the account
 * (only one that belongs to no other company). */
export const userDeleteQuerySchema = z.object({ permanent: z.enum(["true", "false"]).optional() });

export const userParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** A member of the company as the user admin shows them (SPEC §3 User). */
export const companyUserSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  social_number: z.string().nullable(),
  cover: z.string().nullable(),
  /** Gravatar picture of the e-mail's hash, shown when there is no cover. */
  gravatar: z.string(),
  groups: z.array(z.number()),
  role: z.enum(COMPANY_ROLES),
  /** The SPEC §6 name: the company role's, Root for an account with several groups. */
  roleName: z.enum(ROLE_NAMES),
  locked: z.boolean(),
  verified: z.boolean(),
  activated: z.boolean(),
  lang: z.enum(LANGUAGES),
  timezone: z.string(),
  zones: z.array(z.number()),
  reportTypes: z.array(z.number()),
  teams: z.array(z.number()),
  settings: userSettingsSchema,
  homeAddress: z.string().nullable(),
  /** How many other companies the account belongs to: its profile, password, lock and permanent
   * deletion are then not one company's to change. */
  otherCompanies: z.number(),
  createdAt: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

export const userListResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(companyUserSchema),
  total: z.number(),
  /** The roles the caller may grant (SPEC §6), for the role pickers. */
  grantableRoles: z.array(z.enum(COMPANY_ROLES)),
});
export const userResponseSchema = z.object({
  success: z.literal(true),
  user: companyUserSchema,
  grantableRoles: z.array(z.enum(COMPANY_ROLES)),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;
export type UserResponse = z.infer<typeof userResponseSchema>;

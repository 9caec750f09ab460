// Company settings (SPEC §2 company settings, §3 Company, §6 gates and modules): the per-type priority
// and attention time that set each new report's due time, substatuses, name/value config pairs, the
// company flags, its modules and the SPEC §6 gates it belongs to.
import { z } from "./zod.js";
import { DUPLICATE_RADIUS_RANGE, DUPLICATE_WINDOW_RANGE } from "./duplicates.js";
import { DUE_TIME_UNITS, PRIORITIES } from "./enums.js";
import { MAX_ID } from "./limits.js";
import { MODULES } from "./modules.js";

/** SPEC §6 features given to companies by id; which companies is data (`company_gates`), not code. */
export const GATES = [
  "premium_alert",
  "block_users_without_role",
  "subscription_badges",
  "show_user_emails",
  "phone_calls",
  "report_apps_metrics",
] as const;
export type Gate = (typeof GATES)[number];

/** SPEC §5 numeric setting strings: optional sign, digits, optional decimal part. */
export const NUMERIC_SETTING_PATTERN = /^[+-]?\d+(\.\d+)?$/;

/** True when a config value reads as a number under SPEC §5. */
export function isNumericSetting(value: string): boolean {
  return NUMERIC_SETTING_PATTERN.test(value);
}

/** Config pair holding the minutes between polls for new reports (SPEC §9). */
export const POLLING_CONFIG_NAME = "pollingNewReportsMinutes";
/** Config pair holding the minutes a company with `hasDelayInReportNotifications` waits before a new
 * community report reaches its operators. */
export const REPORT_DELAY_CONFIG_NAME = "reportNotificationDelayMinutes";
/** The delay when the company sets none. */
export const DEFAULT_REPORT_DELAY_MINUTES = 5;
/** The longest accepted delay: one day. */
export const MAX_REPORT_DELAY_MINUTES = 1440;

/** Config names whose values must be numbers (SPEC §5); any other name takes free text. */
export const NUMERIC_CONFIG_NAMES: readonly string[] = [POLLING_CONFIG_NAME, REPORT_DELAY_CONFIG_NAME];

/** The first config pair (by index) whose value should be a number and is not, or -1. */
export function firstNonNumericConfig(pairs: readonly { name: string; value: string }[]): number {
  return pairs.findIndex((p) => NUMERIC_CONFIG_NAMES.includes(p.name) && !isNumericSetting(p.value.trim()));
}

/** Longest attention time in minutes accepted for a type (a year). */
export const MAX_ATTENTION_MINUTES = 525_600;
const UNIT_MINUTES = { minutes: 1, hours: 60, days: 1440 } as const;

/** Minutes an attention time stands for. */
export function attentionMinutes(time: number, unit: (typeof DUE_TIME_UNITS)[number]): number {
  return time * UNIT_MINUTES[unit];
}

// Text with no control characters (a tab or a line break in a name is never meant).
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, { message: "control characters" });

/** One report type the company attends, with the priority and attention time of its new reports. */
export const reportTypeSettingSchema = z.object({
  typeId: z.number().int().min(0).max(MAX_ID),
  active: z.boolean(),
  priority: z.enum(PRIORITIES),
  /** Null: new reports of the type have no due time. */
  attentionTime: z.number().int().min(1).max(MAX_ATTENTION_MINUTES).nullable(),
  attentionUnit: z.enum(DUE_TIME_UNITS).nullable(),
  /** Duplicate suggestions (issue 18): how near and how long before a new report an open one of the type
   * is suggested as the one it repeats; null or absent keeps the default (DUPLICATE_DEFAULTS). */
  duplicateRadiusMeters: z.number().int().min(DUPLICATE_RADIUS_RANGE[0]).max(DUPLICATE_RADIUS_RANGE[1]).nullable().optional(),
  duplicateWindowMinutes: z.number().int().min(DUPLICATE_WINDOW_RANGE[0]).max(DUPLICATE_WINDOW_RANGE[1]).nullable().optional(),
});
export type ReportTypeSetting = z.infer<typeof reportTypeSettingSchema>;

/** A type's setting as the settings answer lists it, with the type's image (SPEC §3 `imageName`, the
 * file's name; `imageUrl`, its public address). A write sends only the setting. */
export const reportTypeSettingViewSchema = reportTypeSettingSchema.extend({
  imageName: z.string(),
  imageUrl: z.string(),
});
export type ReportTypeSettingView = z.infer<typeof reportTypeSettingViewSchema>;

/** The company flags of SPEC §3. `is_observer` and `is_freemium` are the provider's to change. */
export const companyFlagsSchema = z.object({
  is_observer: z.boolean(),
  is_freemium: z.boolean(),
  hasDelayInReportNotifications: z.boolean(),
  visualizeAttendingCompanies: z.boolean(),
  displayDni: z.boolean(),
  /** Anyone may read the company's Open311 requests without an API key (issue 32; off by default). */
  publicOpen311Reads: z.boolean(),
});
export type CompanyFlags = z.infer<typeof companyFlagsSchema>;
export const COMPANY_FLAGS = ["is_observer", "is_freemium", "hasDelayInReportNotifications", "visualizeAttendingCompanies", "displayDni", "publicOpen311Reads"] as const;
/** Flags only a provider administrator (group 1 or 100) may change. */
export const PROVIDER_FLAGS: readonly (keyof CompanyFlags)[] = ["is_observer", "is_freemium"];

export const configPairBodySchema = z.object({ name: plainText(80), value: z.string().max(2000).regex(/^[^\p{Cc}]*$/u) });

/** Everything the settings screen shows. */
export const companySettingsSchema = z.object({
  reportTypes: z.array(reportTypeSettingViewSchema),
  substatuses: z.array(z.string()),
  config: z.array(z.object({ name: z.string(), value: z.string() })),
  flags: companyFlagsSchema,
  modules: z.array(z.string()),
  gates: z.array(z.enum(GATES)),
  /** Whether the caller may change the provider's flags and modules. */
  providerAdmin: z.boolean(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export const companySettingsResponseSchema = z.object({ success: z.literal(true), settings: companySettingsSchema });

/** PUT /api/companies/{companyId}/settings: any of the sections; a section given replaces the stored one
 * (report types: only the types listed change). */
export const companySettingsBodySchema = z
  .object({
    reportTypes: z.array(reportTypeSettingSchema).max(200).optional(),
    substatuses: z.array(plainText(60)).max(50).optional(),
    config: z.array(configPairBodySchema).max(100).optional(),
    flags: companyFlagsSchema.partial().strict().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "empty update" });
export type CompanySettingsBody = z.infer<typeof companySettingsBodySchema>;

export const modulesResponseSchema = z.object({ success: z.literal(true), modules: z.array(z.string()) });
/** PUT …/modules: the full list of the company's modules, each a known one, no repeats. */
export const modulesBodySchema = z.object({
  modules: z
    .array(z.enum(MODULES))
    .max(MODULES.length)
    .refine((list) => new Set(list).size === list.length, { message: "repeated module" }),
});

/** An upgrade request of a freemium company (SPEC §1, §7). */
export const upgradeRequestSchema = z.object({ id: z.number(), companyId: z.number(), createdAt: z.string(), closedAt: z.string().nullable() });
export type UpgradeRequest = z.infer<typeof upgradeRequestSchema>;
export const upgradeRequestQuerySchema = z.object({ companyId: z.coerce.number().int().positive().max(MAX_ID).optional() });
export const upgradeRequestResponseSchema = z.object({ success: z.literal(true), request: upgradeRequestSchema, created: z.boolean() });

/** One organisation as the provider's companies screen lists it. */
export const providerCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  modules: z.array(z.string()),
  is_freemium: z.boolean(),
  is_observer: z.boolean(),
  members: z.number(),
  pendingUpgradeRequest: upgradeRequestSchema.nullable(),
});
export type ProviderCompany = z.infer<typeof providerCompanySchema>;
export const providerCompaniesResponseSchema = z.object({ success: z.literal(true), companies: z.array(providerCompanySchema) });
export const providerCompanyResponseSchema = z.object({ success: z.literal(true), company: providerCompanySchema });
export const providerCompanyParamsSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
/** PUT /api/admin/companies/{id}/flags: the provider's flags. */
export const providerFlagsBodySchema = companyFlagsSchema
  .pick({ is_freemium: true, is_observer: true })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "empty update" });

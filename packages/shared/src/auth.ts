import { GATES } from "./company-settings.js";
import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { LANGUAGES } from "./constants.js";
import { DEFAULT_MAX_REPORT_IMAGES, DEFAULT_MAX_UPLOAD_MB, uploadLimitsSchema } from "./interactions.js";

/** POST /api/login body: e-mail or username plus password (SPEC §7). Missing fields are checked by the
 * service so that they answer the SPEC's `fieldMissing` code rather than a generic validation error. */
export const loginBodySchema = z.object({
  email: z.string().max(320).optional(),
  username: z.string().max(320).optional(),
  password: z.string().max(200).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/app/login's answer: the community app's user and its access token. */
export const appLoginResponseSchema = z.object({
  success: z.literal(true),
  user: z.object({ id: z.number(), uuid: z.string(), access_token: z.string() }),
});

/** Alarm sounds the portal synthesises; beep is the SPEC §4 default. */
export const ALARM_SOUNDS = ["beep", "chime", "siren"] as const;

export const alarmSettingsSchema = z.object({
  sound: z.enum(ALARM_SOUNDS),
  volume: z.number().min(0).max(1),
  loop: z.boolean(),
  mute: z.boolean(),
});

export const userSettingsSchema = z.object({
  portal_version: z.string(),
  incomming_messages: z.boolean(),
  onlyAssignedReports: z.boolean(),
  pushNotifications: z.boolean(),
  dailySummaryEmail: z.boolean(),
  monthlySummaryEmail: z.boolean(),
  showIncomingComments: z.boolean(),
  browserPush: z.boolean(),
  alarm: alarmSettingsSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** Defaults of SPEC §3 (User settings) and §4 (alarm). */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  portal_version: "v3",
  incomming_messages: true,
  onlyAssignedReports: false,
  pushNotifications: true,
  dailySummaryEmail: true,
  monthlySummaryEmail: false,
  showIncomingComments: true,
  browserPush: false,
  alarm: { sound: "beep", volume: 1, loop: true, mute: false },
};

export const loginUserSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  groups: z.array(z.number()),
  access_token: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  rating: z.number(),
  settings: z.object({ portal_version: z.string() }),
});

export const loginResponseSchema = z.object({
  success: z.boolean(),
  user: loginUserSchema.nullable(),
  error: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const companySummarySchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  cover: z.string().nullable(),
  role: z.string(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const settingsUserSchema = z.object({
  id: z.number(),
  uuid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  cover: z.string().nullable(),
  groups: z.array(z.number()),
  role: z.string(),
  timezone: z.string(),
  lang: z.enum(LANGUAGES),
  rating: z.number(),
  settings: userSettingsSchema,
  zones: z.array(z.number()),
  reportTypes: z.array(z.number()),
  teams: z.array(z.number()),
  companies: z.array(companySummarySchema),
});
export type SettingsUser = z.infer<typeof settingsUserSchema>;

export const companySchema = z.object({
  id: z.number(),
  uuid: z.string(),
  name: z.string(),
  cover: z.string().nullable(),
  bound: z.object({ latitude: z.number(), longitude: z.number() }),
  modules: z.array(z.string()),
  is_observer: z.boolean(),
  is_freemium: z.boolean(),
  hasDelayInReportNotifications: z.boolean(),
  visualizeAttendingCompanies: z.boolean(),
  displayDni: z.boolean(),
  substatuses: z.array(z.string()),
  timezone: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const configPairSchema = z.object({ name: z.string(), value: z.string() });

export const settingsResponseSchema = z.object({
  user: settingsUserSchema,
  company: companySchema,
  config: z.array(configPairSchema),
  click_to_call: z.boolean(),
  /** The SPEC §6 gates the company belongs to (read from data, `company_gates`). */
  gates: z.array(z.enum(GATES)).default([]),
  /** The maps' style documents by day and by night (MAP_STYLE_URL, MAP_DARK_STYLE_URL); null: the
   * built-in OpenStreetMap raster styles. */
  maps: z.object({ day: z.string().nullable(), dark: z.string().nullable() }).default({ day: null, dark: null }),
  /** The upload limits its file fields show (MAX_UPLOAD_MB, MAX_REPORT_IMAGES). */
  uploads: uploadLimitsSchema.default({ maxMb: DEFAULT_MAX_UPLOAD_MB, maxReportImages: DEFAULT_MAX_REPORT_IMAGES }),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

/** Optional query of GET /api/settings: which of the user's companies to load. */
export const settingsQuerySchema = z.object({ companyId: z.coerce.number().int().positive().max(MAX_ID).optional() });

/** Query of GET /api/operator/monitoring: the company as for the settings, and whether deleted forms are counted. */
export const monitoringQuerySchema = settingsQuerySchema.extend({ include_deleted_forms: z.string().optional() });

/** PUT /api/user/{id}/settings: the settings a user changes for themself (the alarm persists per user). */
export const userSettingsPatchSchema = userSettingsSchema
  .omit({ portal_version: true, incomming_messages: true })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "empty update" });

export const portalVersionBodySchema = z.object({ portal_version: z.enum(["v1", "v2", "v3"]) });

export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
export const companyIdParamSchema = z.object({ companyId: z.coerce.number().int().positive().max(MAX_ID) });
export const successSchema = z.object({ success: z.literal(true) });
/** The answer of PUT /api/user/{id}/settings: the user's settings after the change. */
export const userSettingsResponseSchema = successSchema.extend({ settings: userSettingsSchema });

import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";

// Activities and compliance (issue 16; SPEC §3 Activity and compliance row, §4 activity states, §5 "an
// activity cannot contain the same form twice", §9 activity periods). The portal's schedule form and
// the API validate with the same schema, so a repeated form is refused by both with one code.

/** SPEC §9: activity periods. */
export const ACTIVITY_PERIODS = ["daily", "weekly", "monthly", "annual", "custom"] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number];
/** SPEC §4: activity states (completed, in progress, pending to complete, overdue). */
export const ACTIVITY_STATES = ["completed", "inProgress", "pending", "overdue"] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];
/** How a group's forms count: all of them, or any of them. Groups are all required. */
export const ACTIVITY_OPERATORS = ["and", "or"] as const;
export type ActivityOperator = (typeof ACTIVITY_OPERATORS)[number];

export const ACTIVITY_NAME_MAX = 120;
export const ACTIVITY_GROUPS_MAX = 10;
export const ACTIVITY_GROUP_FORMS_MAX = 20;
export const ACTIVITY_USERS_MAX = 500;
export const ACTIVITY_TEAMS_MAX = 100;
export const ACTIVITY_TIMES_MAX = 100;
export const ACTIVITY_TOTAL_PERIODS_MAX = 1000;
export const ACTIVITY_CUSTOM_DAYS_MAX = 366;
export const COMPLIANCE_PAGE_SIZE = 50;

/** An activity rule's code (a field problem of a 400): a key of the `activities` catalogue, whose texts the API
 * answers with and the portal shows. */
export type ActivityMessage = keyof typeof import("../locales/es/activities.json", { with: { type: "json" } });

const msg = (code: ActivityMessage) => ({ message: code });
const NO_CONTROL = /^[^\p{Cc}]*$/u;
const id = z.number().int().positive().max(MAX_ID);
/** A calendar date (YYYY-MM-DD) that exists. */
const isoDate = z.iso.date();

/** A group of forms: all of them (`and`) or any of them (`or`) count as doing it once. */
export const activityGroupSchema = z.object({
  operator: z.enum(ACTIVITY_OPERATORS),
  formIds: z.array(id).min(1, msg("activityFormsRequired")).max(ACTIVITY_GROUP_FORMS_MAX),
});
export type ActivityGroup = z.infer<typeof activityGroupSchema>;

/** Body of POST and PUT …/activities. */
export const activityBodySchema = z
  .object({
    name: z.string(msg("activityNameRequired")).trim().min(1, msg("activityNameRequired")).max(ACTIVITY_NAME_MAX).regex(NO_CONTROL, msg("activityInvalidText")),
    groups: z.array(activityGroupSchema).min(1, msg("activityFormsRequired")).max(ACTIVITY_GROUPS_MAX),
    userIds: z.array(id).max(ACTIVITY_USERS_MAX).default([]),
    teamIds: z.array(id).max(ACTIVITY_TEAMS_MAX).default([]),
    period: z.enum(ACTIVITY_PERIODS),
    customDays: z.number().int().min(1).max(ACTIVITY_CUSTOM_DAYS_MAX).nullable().default(null),
    timesPerPeriod: z.number().int().min(1).max(ACTIVITY_TIMES_MAX),
    totalPeriods: z.number().int().min(1).max(ACTIVITY_TOTAL_PERIODS_MAX),
    startDate: isoDate,
    endDate: isoDate,
  })
  .superRefine((a, ctx) => {
    // SPEC §5: an activity cannot contain the same form twice, in one group or across groups.
    const seen = new Set<number>();
    a.groups.forEach((g, gi) =>
      g.formIds.forEach((f, fi) => {
        if (seen.has(f)) ctx.addIssue({ code: "custom", path: ["groups", gi, "formIds", fi], message: "activityFormRepeated" });
        seen.add(f);
      }),
    );
    if (a.userIds.length + a.teamIds.length === 0) ctx.addIssue({ code: "custom", path: ["userIds"], message: "activityAssigneeRequired" });
    if (a.period === "custom" && a.customDays === null) ctx.addIssue({ code: "custom", path: ["customDays"], message: "activityCustomDaysRequired" });
    if (a.endDate < a.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: "activityEndBeforeStart" });
  });
export type ActivityBody = z.input<typeof activityBodySchema>;
export type ActivityFields = z.output<typeof activityBodySchema>;

/** An activity as it travels: its forms with their titles and assignees with their names. */
export const scheduledActivitySchema = z.object({
  id: z.number(),
  name: z.string(),
  groups: z.array(activityGroupSchema),
  forms: z.array(z.object({ id: z.number(), title: z.string(), deleted: z.boolean() })),
  userIds: z.array(z.number()),
  teamIds: z.array(z.number()),
  users: z.array(z.object({ id: z.number(), name: z.string() })),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
  period: z.enum(ACTIVITY_PERIODS),
  customDays: z.number().nullable(),
  timesPerPeriod: z.number(),
  totalPeriods: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  refreshedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ScheduledActivity = z.infer<typeof scheduledActivitySchema>;

export const activityParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});
export const activitiesResponseSchema = z.object({ success: z.literal(true), activities: z.array(scheduledActivitySchema) });
export const activityResponseSchema = z.object({ success: z.literal(true), activity: scheduledActivitySchema });

/** SPEC §3 compliance row: assigned user, category, subcategory, period, delay, state. */
export const complianceRowSchema = z.object({
  activityId: z.number(),
  activityName: z.string(),
  user: z.object({ id: z.number(), name: z.string() }),
  category: z.string().nullable(),
  subcategory: z.string().nullable(),
  period: z.enum(ACTIVITY_PERIODS),
  periodIndex: z.number(),
  periodStart: z.string(),
  periodEnd: z.string(),
  done: z.number(),
  timesPerPeriod: z.number(),
  state: z.enum(ACTIVITY_STATES),
  /** Seconds past the period's end of an overdue row; 0 otherwise. */
  delaySeconds: z.number(),
  completedAt: z.string().nullable(),
});
export type ComplianceRow = z.infer<typeof complianceRowSchema>;

/** GET …/activities/compliance: filters by assignee, state, period kind and activity; newest periods first. */
export const complianceQuerySchema = z.object({
  userId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  state: z.enum(ACTIVITY_STATES).optional(),
  period: z.enum(ACTIVITY_PERIODS).optional(),
  activityId: z.coerce.number().int().positive().max(MAX_ID).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(COMPLIANCE_PAGE_SIZE),
});
export type ComplianceQuery = z.infer<typeof complianceQuerySchema>;
export const complianceResponseSchema = z.object({
  success: z.literal(true),
  rows: z.array(complianceRowSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** When the company's compliance was last computed (the oldest of its activities'). */
  refreshedAt: z.string().nullable(),
});
export const complianceRefreshResponseSchema = z.object({ success: z.literal(true), refreshedAt: z.string(), activities: z.number() });

/** An activity due now for its assignee: the current period's forms and progress. */
export const dueActivitySchema = z.object({
  companyId: z.number(),
  activityId: z.number(),
  name: z.string(),
  groups: z.array(activityGroupSchema),
  forms: z.array(z.object({ id: z.number(), title: z.string(), deleted: z.boolean() })),
  period: z.enum(ACTIVITY_PERIODS),
  periodStart: z.string(),
  periodEnd: z.string(),
  done: z.number(),
  timesPerPeriod: z.number(),
  state: z.enum(ACTIVITY_STATES),
});
export type DueActivity = z.infer<typeof dueActivitySchema>;
export const dueActivitiesResponseSchema = z.object({ success: z.literal(true), activities: z.array(dueActivitySchema) });

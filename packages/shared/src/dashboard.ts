import { z } from "./zod.js";
import { MAX_ID } from "./limits.js";
import { REPORT_STATUSES } from "./enums.js";
import { reportCountersSchema } from "./reports.js";

/** SPEC §9 dashboard periods, in days (custom is a window of dates instead). */
export const DASHBOARD_PERIODS = [1, 6, 7, 14, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
/** SPEC §9: the last 6 days unless the filter says otherwise. */
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = 6;
/** Longest custom window: a year (and a leap day), so a per-day series stays a few hundred points. */
export const DASHBOARD_MAX_WINDOW_DAYS = 366;
/** SPEC §9: the operators tab shows the top 3. */
export const DASHBOARD_TOP_OPERATORS = 3;
/** The users tab lists the 10 community users who report most, and as many reported users. */
export const DASHBOARD_TOP_USERS = 10;
/** SPEC §6 beta module: summary figures carry the previous period's value and the change in %. */
export const STATISTICS_V2_MODULE = "statistics_v2";

/** MM-DD-YYYY (SPEC §9 dashboard query date format), years 1970 to 2999. */
export const DASHBOARD_DATE_PATTERN = /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-(19[7-9]\d|2\d{3})$/;
/** HH:mm:ss, for the dashboard filter's times and a shift's start and end. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;

/** True for an MM-DD-YYYY date that exists (02-30-2026 matches the pattern but is no day). */
export function isDashboardDate(value: string): boolean {
  if (!DASHBOARD_DATE_PATTERN.test(value)) return false;
  const [m, d, y] = value.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
}

/** An MM-DD-YYYY date as ISO (YYYY-MM-DD), the form SQL reads. */
export function dashboardDateToIso(value: string): string {
  const [m, d, y] = value.split("-");
  return `${y}-${m}-${d}`;
}

// Comma-separated values of a query parameter (no spaces, no control characters): empty means none.
function commaList<T>(item: RegExp, max: number, parse: (s: string) => T, valid: (v: T) => boolean) {
  return z
    .string()
    .max(2000)
    .regex(new RegExp(`^((?:${item.source})(,(?:${item.source}))*)?$`), { message: "invalid_list" })
    .transform((s) => (s === "" ? [] : [...new Set(s.split(",").map(parse))]))
    .refine((list) => list.length <= max && list.every(valid), { message: "invalid_list" });
}

const idList = commaList(/\d{1,10}/, 200, Number, (n) => n >= 0 && n <= MAX_ID);
const statusList = commaList(new RegExp(REPORT_STATUSES.join("|")), REPORT_STATUSES.length, (s) => s as (typeof REPORT_STATUSES)[number], () => true);

/** SPEC §3 dashboard filter as the query of `GET /api/companies/{companyId}/dashboard/*`: a period in days
 * (SPEC §9, default 6, ending now) or a window of MM-DD-YYYY dates and HH:mm:ss times read in the
 * company's timezone (start at 00:00:00 and end at 23:59:59 when their time is absent; dates win over
 * a period); report type ids, statuses and zone ids, each comma separated (none: all). */
export const dashboardFilterSchema = z.object({
  period: z
    .enum(DASHBOARD_PERIODS.map(String) as [string, ...string[]])
    .transform((p) => Number(p) as DashboardPeriod)
    .optional(),
  start_date: z.string().max(10).refine(isDashboardDate, { message: "invalid_date" }).optional(),
  start_time: z.string().max(8).regex(TIME_OF_DAY_PATTERN, { message: "invalid_time" }).optional(),
  end_date: z.string().max(10).refine(isDashboardDate, { message: "invalid_date" }).optional(),
  end_time: z.string().max(8).regex(TIME_OF_DAY_PATTERN, { message: "invalid_time" }).optional(),
  types: idList.optional(),
  status: statusList.optional(),
  zones_id: idList.optional(),
});
export type DashboardFilter = z.input<typeof dashboardFilterSchema>;
export type DashboardQuery = z.output<typeof dashboardFilterSchema>;

/** The window a dashboard answer covers: ISO instants (to exclusive), the company's timezone its days
 * are counted in, and the period in days (null for a window of dates). */
export const dashboardWindowSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  period: z.number().nullable(),
});
export type DashboardWindow = z.infer<typeof dashboardWindowSchema>;

/** A count on one day of the company's calendar (YYYY-MM-DD); every day of the window is listed. */
export const dayCountSchema = z.object({ date: z.string(), count: z.number() });
export type DayCount = z.infer<typeof dayCountSchema>;

/** Average and median of durations in seconds over `count` reports (null when there are none). */
export const durationStatsSchema = z.object({
  count: z.number(),
  average_seconds: z.number().nullable(),
  median_seconds: z.number().nullable(),
});
export type DurationStats = z.infer<typeof durationStatsSchema>;

/** Attention times of the window's reports: time to take (first take or assignment minus creation),
 * time to close (closing minus creation), and closings against the due time. */
export const attentionTimesSchema = z.object({
  take: durationStatsSchema,
  close: durationStatsSchema,
  /** Closed reports that had a due time, how many of them were closed after it, and that share (0..1). */
  due: z.object({ closed_with_due: z.number(), closed_late: z.number(), late_share: z.number().nullable() }),
});
export type AttentionTimes = z.infer<typeof attentionTimesSchema>;

/** One figure of the previous period (statistics v2): its value then and the change to now in % (null
 * when the previous value is 0 or unknown). */
export const previousFigureSchema = z.object({ previous: z.number().nullable(), change_pct: z.number().nullable() });
export type PreviousFigure = z.infer<typeof previousFigureSchema>;

/** The summary figures that carry a previous value under statistics v2. */
export const SUMMARY_FIGURES = [
  "total", ...REPORT_STATUSES,
  "take_average_seconds", "take_median_seconds", "close_average_seconds", "close_median_seconds", "late_share",
] as const;
export type SummaryFigure = (typeof SUMMARY_FIGURES)[number];

export const dashboardSummaryResponseSchema = z.object({
  success: z.literal(true),
  window: dashboardWindowSchema,
  /** SPEC §3 dashboard counters: reports of the window by status (not-applicable ones only in `false`). */
  counters: reportCountersSchema,
  /** Reports of the window, not-applicable ones aside: the sum of per_day. */
  total: z.number(),
  per_day: z.array(dayCountSchema),
  per_type: z.array(z.object({ type: z.number(), count: z.number() })),
  /** Days of week 1 (Monday) to 7, all seven listed. */
  by_weekday: z.array(z.object({ weekday: z.number(), count: z.number() })),
  /** Hours 0 to 23 of the company's clock, all listed. */
  by_hour: z.array(z.object({ hour: z.number(), count: z.number() })),
  /** The weekday × hour cells that hold reports. */
  by_weekday_hour: z.array(z.object({ weekday: z.number(), hour: z.number(), count: z.number() })),
  attention: attentionTimesSchema,
  /** Statistics v2 only (null without the module): the same length of time just before the window. */
  previous: z
    .object({ from: z.string(), to: z.string(), figures: z.record(z.enum(SUMMARY_FIGURES), previousFigureSchema) })
    .nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryResponseSchema>;

export const dashboardReportsResponseSchema = z.object({
  success: z.literal(true),
  window: dashboardWindowSchema,
  by_status: reportCountersSchema,
  /** Not-applicable reports aside, most first. */
  by_type: z.array(z.object({ type: z.number(), count: z.number() })),
  /** A report in several zones counts in each; zone_id null holds the reports in no zone. Not-applicable aside. */
  by_zone: z.array(z.object({ zone_id: z.number().nullable(), name: z.string().nullable(), count: z.number() })),
  /** Every day of the window with its reports by status. */
  per_day: z.array(z.object({ date: z.string() }).extend(reportCountersSchema.shape)),
});
export type DashboardReports = z.infer<typeof dashboardReportsResponseSchema>;

/** A company shift: a name and the HH:mm:ss it starts and ends (an end before the start crosses midnight). */
export const shiftSchema = z.object({ id: z.number(), name: z.string(), start_time: z.string(), end_time: z.string() });
export type Shift = z.infer<typeof shiftSchema>;

/** Longest shift name. */
export const SHIFT_NAME_MAX = 80;

/** Body of POST and PUT /api/companies/{companyId}/shifts[/{id}]: start and end differ. */
export const shiftBodySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(SHIFT_NAME_MAX)
      .regex(/^[^\p{Cc}]*$/u, { message: "invalid_text" }),
    start_time: z.string().regex(TIME_OF_DAY_PATTERN, { message: "invalid_time" }),
    end_time: z.string().regex(TIME_OF_DAY_PATTERN, { message: "invalid_time" }),
  })
  .refine((s) => s.start_time !== s.end_time, { message: "same_as_start", path: ["end_time"] });
export type ShiftBody = z.infer<typeof shiftBodySchema>;

export const shiftParamsSchema = z.object({
  companyId: z.coerce.number().int().positive().max(MAX_ID),
  id: z.coerce.number().int().positive().max(MAX_ID),
});
export const shiftListResponseSchema = z.object({ success: z.literal(true), shifts: z.array(shiftSchema) });
export const shiftResponseSchema = z.object({ success: z.literal(true), shift: shiftSchema });

/** One operator's figures over the window, or over the part of it in one shift. */
export const operatorFiguresSchema = z.object({
  /** Reports whose first take or assignment was theirs. */
  taken: z.number(),
  /** Reports they closed as solved (not-applicable closings aside). */
  closed: z.number(),
  take: durationStatsSchema,
  close: durationStatsSchema,
  /** The reporters' ratings (1-5, issue 17) of the reports they closed as solved: how many, and the
   * mean to two decimals (null without any). */
  rating: z.object({ count: z.number(), average: z.number().nullable() }),
});
export type OperatorFigures = z.infer<typeof operatorFiguresSchema>;

export const dashboardOperatorsResponseSchema = z.object({
  success: z.literal(true),
  window: dashboardWindowSchema,
  shifts: z.array(shiftSchema),
  /** SPEC §9: the 3 operators who closed most. */
  top: z.array(z.object({ user_id: z.number(), name: z.string(), closed: z.number() })),
  /** Every operator who took or closed a report of the window, most closed first. by_shift lists each
   * shift with figures (shift_id null: taken or closed outside every shift). */
  operators: z.array(
    z
      .object({ user_id: z.number(), name: z.string() })
      .extend(operatorFiguresSchema.shape)
      .extend({ by_shift: z.array(z.object({ shift_id: z.number().nullable() }).extend(operatorFiguresSchema.shape)) }),
  ),
});
export type DashboardOperators = z.infer<typeof dashboardOperatorsResponseSchema>;

export const dashboardUsersResponseSchema = z.object({
  success: z.literal(true),
  window: dashboardWindowSchema,
  /** The 10 community users with most (not anonymous) reports in the window. */
  top_reporters: z.array(z.object({ user_id: z.number(), name: z.string(), reports: z.number() })),
  /** The 10 community users with most complaints filed in the window about what the scope may see. */
  reported_users: z.array(z.object({ user_id: z.number(), name: z.string(), complaints: z.number(), locked: z.boolean() })),
  /** Community users who joined that day and reported to the company within the window. */
  new_users_per_day: z.array(dayCountSchema),
});
export type DashboardUsers = z.infer<typeof dashboardUsersResponseSchema>;

export const dashboardAppsResponseSchema = z.object({
  success: z.literal(true),
  window: dashboardWindowSchema,
  /** Reports by the app that sent them and its version (`app/5.2.1`; version null when not given). */
  by_source: z.array(z.object({ source: z.string(), version: z.string().nullable(), reports: z.number() })),
  /** Distinct signed-in reporters each day. */
  active_reporters_per_day: z.array(dayCountSchema),
});
export type DashboardApps = z.infer<typeof dashboardAppsResponseSchema>;

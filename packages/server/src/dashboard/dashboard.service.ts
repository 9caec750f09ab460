import {
  DASHBOARD_TOP_OPERATORS,
  DASHBOARD_TOP_USERS,
  STATISTICS_V2_MODULE,
  SUMMARY_FIGURES,
  type AttentionTimes,
  type DashboardApps,
  type DashboardOperators,
  type DashboardQuery,
  type DashboardReports,
  type DashboardSummary,
  type DashboardUsers,
  type DashboardWindow,
  type DayCount,
  type DurationStats,
  type OperatorFigures,
  type ReportCounters,
  type SummaryFigure,
} from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { forbidden } from "../http/errors.js";
import { companyHasGate } from "../company-settings/index.js";
import {
  activeReportersPerDay,
  attentionTimes,
  companyClock,
  countBySource,
  countByZone,
  countReports,
  localInstants,
  newUsersPerDay,
  operatorFigures,
  reportedUsers,
  topReporters,
  type CountRow,
  type DashboardSelection,
  type DurationRow,
} from "./dashboard.repository.js";
import { listShifts } from "./shift.repository.js";
import { changePct, instantWindow, localWindow, previousWindow, windowDays } from "./window.js";

/** What every tab (and the maps) starts from: the SPEC §3 dashboard filter read in the company's clock as
 * the reports it selects and the window to answer with; 400 with the field when it cannot be one. */
export async function dashboardSelection(ctx: AppContext, scope: CompanyScope, q: DashboardQuery) {
  const local = localWindow(q);
  const { timezone, modules } = await companyClock(ctx.db, scope);
  const ends = local.start || local.end ? await localInstants(ctx.db, timezone, local.start, local.end) : { start: null, end: null };
  const { from, to } = instantWindow(local, ends.start, ends.end);
  const selection: DashboardSelection = { from, to, timeZone: timezone, typeIds: q.types ?? [], statuses: q.status ?? [], zoneIds: q.zones_id ?? [] };
  const window: DashboardWindow = { from: from.toISOString(), to: to.toISOString(), timezone, period: local.period };
  return { selection, window, modules };
}

const emptyCounters = (): ReportCounters => ({ pending: 0, in_progress: 0, solved: 0, false: 0, in_observation: 0 });

/** Counts of each day of the window, the empty ones as 0. */
function everyDay(days: readonly string[], rows: readonly { day: string | null; count: number }[]): DayCount[] {
  const byDay = new Map<string, number>();
  for (const r of rows) if (r.day) byDay.set(r.day, (byDay.get(r.day) ?? 0) + r.count);
  return days.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

const seconds = (n: number | null) => (n === null ? null : Math.round(n));

function durationStats(d: DurationRow): DurationStats {
  return { count: d.count, average_seconds: seconds(d.average), median_seconds: seconds(d.median) };
}

function presentAttention(a: Awaited<ReturnType<typeof attentionTimes>>): AttentionTimes {
  const lateShare = a.closed_with_due ? Math.round((a.closed_late / a.closed_with_due) * 10_000) / 10_000 : null;
  return { take: durationStats(a.take), close: durationStats(a.close), due: { closed_with_due: a.closed_with_due, closed_late: a.closed_late, late_share: lateShare } };
}

function countersOf(rows: readonly CountRow[]): ReportCounters {
  const counters = emptyCounters();
  for (const r of rows) if (r.grouped === "status" && r.status) counters[r.status] = r.count;
  return counters;
}

const liveTotal = (c: ReportCounters) => c.pending + c.in_progress + c.solved + c.in_observation;

/** The figures statistics v2 compares with the previous period. */
function figuresOf(counters: ReportCounters, attention: AttentionTimes): Record<SummaryFigure, number | null> {
  return {
    total: liveTotal(counters),
    ...counters,
    take_average_seconds: attention.take.average_seconds,
    take_median_seconds: attention.take.median_seconds,
    close_average_seconds: attention.close.average_seconds,
    close_median_seconds: attention.close.median_seconds,
    late_share: attention.due.late_share,
  };
}

/** GET …/dashboard/summary: counters, reports per day, type, weekday and hour, attention times against
 * due times; with the statistics_v2 module, each figure of the period before beside its change in %. */
export async function dashboardSummary(ctx: AppContext, scope: CompanyScope, q: DashboardQuery): Promise<Omit<DashboardSummary, "success">> {
  const { selection, window, modules } = await dashboardSelection(ctx, scope, q);
  const statisticsV2 = modules.includes(STATISTICS_V2_MODULE);
  const before = { ...selection, ...previousWindow(selection) };
  // Independent reads: on PostgreSQL they run side by side on the pool.
  const [rows, times, beforeRows, beforeTimes] = await Promise.all([
    countReports(ctx.db, scope, selection),
    attentionTimes(ctx.db, scope, selection),
    statisticsV2 ? countReports(ctx.db, scope, before) : undefined,
    statisticsV2 ? attentionTimes(ctx.db, scope, before) : undefined,
  ]);
  const attention = presentAttention(times);
  const counters = countersOf(rows);
  const weekdays = new Map<number, number>();
  const hours = new Map<number, number>();
  const cells = rows.filter((r) => r.grouped === "weekday_hour").map((r) => ({ weekday: r.weekday!, hour: r.hour!, count: r.count }));
  for (const c of cells) {
    weekdays.set(c.weekday, (weekdays.get(c.weekday) ?? 0) + c.count);
    hours.set(c.hour, (hours.get(c.hour) ?? 0) + c.count);
  }
  let previous: DashboardSummary["previous"] = null;
  if (beforeRows && beforeTimes) {
    const then = figuresOf(countersOf(beforeRows), presentAttention(beforeTimes));
    const now = figuresOf(counters, attention);
    const figures = Object.fromEntries(SUMMARY_FIGURES.map((f) => [f, { previous: then[f], change_pct: changePct(now[f], then[f]) }]));
    previous = { from: before.from.toISOString(), to: before.to.toISOString(), figures: figures as NonNullable<DashboardSummary["previous"]>["figures"] };
  }
  return {
    window,
    counters,
    total: liveTotal(counters),
    per_day: everyDay(windowDays(selection, selection.timeZone), rows.filter((r) => r.grouped === "day" && r.status !== "false")),
    per_type: rows
      .filter((r) => r.grouped === "type")
      .map((r) => ({ type: r.type_id!, count: r.count }))
      .sort((a, b) => b.count - a.count || a.type - b.type),
    by_weekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, count: weekdays.get(weekday) ?? 0 })),
    by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hours.get(hour) ?? 0 })),
    by_weekday_hour: cells.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
    attention,
    previous,
  };
}

/** GET …/dashboard/reports: by status, by type, by zone, and each day by status. */
export async function dashboardReports(ctx: AppContext, scope: CompanyScope, q: DashboardQuery): Promise<Omit<DashboardReports, "success">> {
  const { selection, window } = await dashboardSelection(ctx, scope, q);
  const [rows, zones] = await Promise.all([countReports(ctx.db, scope, selection), countByZone(ctx.db, scope, selection)]);
  const perDay = new Map(windowDays(selection, selection.timeZone).map((date) => [date, { date, ...emptyCounters() }]));
  for (const r of rows) if (r.grouped === "day" && r.day && r.status) perDay.get(r.day)![r.status] = r.count;
  return {
    window,
    by_status: countersOf(rows),
    by_type: rows
      .filter((r) => r.grouped === "type")
      .map((r) => ({ type: r.type_id!, count: r.count }))
      .sort((a, b) => b.count - a.count || a.type - b.type),
    by_zone: zones,
    per_day: [...perDay.values()],
  };
}

const noDurations = (): DurationStats => ({ count: 0, average_seconds: null, median_seconds: null });
const noFigures = (): OperatorFigures => ({ taken: 0, closed: 0, take: noDurations(), close: noDurations(), rating: { count: 0, average: null } });

/** GET …/dashboard/operators: the company's shifts, the top 3 closers (SPEC §9), and each operator's
 * takes and closings with their times, over the window and per shift (company clock). */
export async function dashboardOperators(ctx: AppContext, scope: CompanyScope, q: DashboardQuery): Promise<Omit<DashboardOperators, "success">> {
  const { selection, window } = await dashboardSelection(ctx, scope, q);
  const [shifts, rows] = await Promise.all([listShifts(ctx.db, scope), operatorFigures(ctx.db, scope, selection)]);
  const operators = new Map<number, DashboardOperators["operators"][number]>();
  const shiftOrder = [...shifts.map((s) => s.id), null];
  for (const r of rows) {
    let op = operators.get(r.user_id);
    if (!op) {
      op = { user_id: r.user_id, name: r.name, ...noFigures(), by_shift: shiftOrder.map((shift_id) => ({ shift_id, ...noFigures() })) };
      operators.set(r.user_id, op);
    }
    const target = r.all_shifts ? op : op.by_shift.find((s) => s.shift_id === r.shift_id);
    if (!target) continue;
    if (r.kind === "take") {
      target.taken = r.count;
      target.take = durationStats(r);
    } else {
      target.closed = r.count;
      target.close = durationStats(r);
      target.rating = { count: r.rating_count, average: r.rating_average === null ? null : Math.round(r.rating_average * 100) / 100 };
    }
  }
  const list = [...operators.values()].sort((a, b) => b.closed - a.closed || b.taken - a.taken || a.name.localeCompare(b.name) || a.user_id - b.user_id);
  return {
    window,
    shifts,
    top: list.filter((o) => o.closed > 0).slice(0, DASHBOARD_TOP_OPERATORS).map((o) => ({ user_id: o.user_id, name: o.name, closed: o.closed })),
    operators: list,
  };
}

/** GET …/dashboard/users: the 10 community users who report most, the most reported users, and new
 * community users per day. */
export async function dashboardUsers(ctx: AppContext, scope: CompanyScope, q: DashboardQuery): Promise<Omit<DashboardUsers, "success">> {
  const { selection, window } = await dashboardSelection(ctx, scope, q);
  const [top, reported, joined] = await Promise.all([
    topReporters(ctx.db, scope, selection, DASHBOARD_TOP_USERS),
    reportedUsers(ctx.db, scope, selection, DASHBOARD_TOP_USERS),
    newUsersPerDay(ctx.db, scope, selection),
  ]);
  return { window, top_reporters: top, reported_users: reported, new_users_per_day: everyDay(windowDays(selection, selection.timeZone), joined) };
}

/** GET …/dashboard/apps: reports per app and version, active reporters per day. Only the companies of
 * SPEC §6's "report apps metrics" gate (table company_gates, seeded with 110 and 268): any other answers 403, as a feature of another plan. */
export async function dashboardApps(ctx: AppContext, scope: CompanyScope, q: DashboardQuery): Promise<Omit<DashboardApps, "success">> {
  if (!(await companyHasGate(ctx.db, scope.companyId, "report_apps_metrics"))) throw forbidden();
  const { selection, window } = await dashboardSelection(ctx, scope, q);
  const [sources, active] = await Promise.all([countBySource(ctx.db, scope, selection), activeReportersPerDay(ctx.db, scope, selection)]);
  return { window, by_source: sources, active_reporters_per_day: everyDay(windowDays(selection, selection.timeZone), active) };
}

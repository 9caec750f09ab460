import type { ScheduledActivity as Activity, ActivityFields, ComplianceQuery, ComplianceRow, DueActivity } from "@atalaya/shared";
import { systemScope, type TenantScope } from "../auth/access.js";
import type { Db, Tx } from "../db/db.js";
import { invalidField, notFound } from "../http/errors.js";
import * as repo from "./activity.repository.js";
import { completionTimes, nextBoundary, periodState } from "./compliance.js";

// The activities domain's rules: what an activity may name (the company's live forms, members and
// teams), and how its compliance is computed and stored.

/** Kind of the job that refreshes the compliance of activities past a period boundary. */
export const ACTIVITY_REFRESH_JOB = "activities.refresh";
/** How often the sweep looks for activities past a boundary (boundaries are local midnights). */
export const ACTIVITY_REFRESH_EVERY_MS = 5 * 60 * 1000;
// Activities refreshed per sweep run; the rest wait for the next run.
const SWEEP_BATCH = 200;

const formIdsOf = (a: Pick<ActivityFields, "groups">) => a.groups.flatMap((g) => g.formIds);

async function present(db: Tx, scope: TenantScope, rows: readonly repo.ActivityRow[]): Promise<Activity[]> {
  const forms = new Map((await repo.formTitles(db, scope, [...new Set(rows.flatMap(formIdsOf))])).map((f) => [f.id, f]));
  const users = new Map((await repo.memberNames(db, scope, [...new Set(rows.flatMap((r) => r.userIds))])).map((u) => [u.id, u]));
  const teams = new Map((await repo.teamNames(db, scope, [...new Set(rows.flatMap((r) => r.teamIds))])).map((t) => [t.id, t]));
  return rows.map((r) => ({
    ...r,
    forms: formIdsOf(r).map((id) => forms.get(id) ?? { id, title: `#${id}`, deleted: true }),
    users: r.userIds.flatMap((id) => users.get(id) ?? []),
    teams: r.teamIds.flatMap((id) => teams.get(id) ?? []),
  }));
}

/** The company's activities with their forms', users' and teams' names. */
export async function listActivities(db: Db, scope: TenantScope): Promise<Activity[]> {
  return present(db, scope, await repo.listActivities(db, scope));
}

/** One activity of the company (404 for another company's). */
export async function getActivity(db: Tx, scope: TenantScope, id: number): Promise<Activity> {
  const row = await repo.findActivity(db, scope, id);
  if (!row) throw notFound();
  return (await present(db, scope, [row]))[0]!;
}

// Every form a live template of the company, every user a member, every team a live team: 400 naming
// the first that is not (another company's ids alike).
async function checkReferences(db: Tx, scope: TenantScope, a: ActivityFields): Promise<void> {
  const forms = new Map((await repo.formTitles(db, scope, formIdsOf(a))).map((f) => [f.id, f]));
  a.groups.forEach((g, gi) =>
    g.formIds.forEach((id, fi) => {
      const f = forms.get(id);
      if (!f || f.deleted) throw invalidField(`groups.${gi}.formIds.${fi}`, "activityFormUnknown");
    }),
  );
  const users = new Set((await repo.memberNames(db, scope, a.userIds)).map((u) => u.id));
  const badUser = a.userIds.findIndex((id) => !users.has(id));
  if (badUser >= 0) throw invalidField(`userIds.${badUser}`, "activityAssigneeUnknown");
  const teams = new Set((await repo.teamNames(db, scope, a.teamIds)).map((t) => t.id));
  const badTeam = a.teamIds.findIndex((id) => !teams.has(id));
  if (badTeam >= 0) throw invalidField(`teamIds.${badTeam}`, "activityAssigneeUnknown");
}

const dedupe = (a: ActivityFields): ActivityFields => ({ ...a, userIds: [...new Set(a.userIds)], teamIds: [...new Set(a.teamIds)] });

/** Schedules an activity and computes its compliance so far. */
export async function createActivity(db: Db, scope: TenantScope, fields: ActivityFields, createdBy: number, now = Date.now()): Promise<Activity> {
  const a = dedupe(fields);
  return db.transaction(async (tx) => {
    await checkReferences(tx, scope, a);
    const id = await repo.insertActivity(tx, scope, a, createdBy);
    await refreshActivity(tx, scope, id, now);
    return getActivity(tx, scope, id);
  });
}

/** Changes an activity; its compliance is computed again from the submissions. */
export async function editActivity(db: Db, scope: TenantScope, id: number, fields: ActivityFields, now = Date.now()): Promise<Activity> {
  const a = dedupe(fields);
  return db.transaction(async (tx) => {
    if (!(await repo.findActivity(tx, scope, id))) throw notFound();
    await checkReferences(tx, scope, a);
    await repo.updateActivity(tx, scope, id, a);
    await refreshActivity(tx, scope, id, now);
    return getActivity(tx, scope, id);
  });
}

/** Deletes an activity and its compliance. */
export async function removeActivity(db: Db, scope: TenantScope, id: number): Promise<void> {
  if (!(await repo.deleteActivity(db, scope, id))) throw notFound();
}

/** One assignee's facts for the given periods of an activity. */
async function computeFacts(db: Tx, scope: TenantScope, a: repo.ActivityRow, userIds: readonly number[], periods: readonly repo.PeriodBounds[], now: number): Promise<repo.ComplianceFact[]> {
  const times = await repo.submissionTimes(db, scope, formIdsOf(a), userIds, periods);
  const facts: repo.ComplianceFact[] = [];
  for (const userId of userIds) {
    for (const p of periods) {
      const completions = completionTimes(a.groups, (formId) => times.get(`${userId}:${p.index}:${formId}`) ?? []);
      facts.push({ userId, index: p.index, start: p.start, end: p.end, ...periodState(completions, a.timesPerPeriod, p.end, now) });
    }
  }
  return facts;
}

/** Computes and stores an activity's compliance at `now`: one row per assignee and period begun,
 * from the submissions; notes the next period boundary, when the job computes it again. */
export async function refreshActivity(db: Tx, scope: TenantScope, id: number, now = Date.now()): Promise<void> {
  const a = await repo.findActivity(db, scope, id);
  if (!a) return;
  const periods = await repo.periodsOf(db, a, await repo.companyTimeZone(db, scope));
  const begun = periods.filter((p) => p.start <= now);
  const users = await repo.assigneeIds(db, scope, a.userIds, a.teamIds);
  await repo.replaceCompliance(db, scope, id, await computeFacts(db, scope, a, users, begun, now), nextBoundary(periods, now), now);
}

/** Refreshes every activity of the company (the portal's refresh button). */
export async function refreshCompany(db: Db, scope: TenantScope, now = Date.now()): Promise<{ refreshedAt: string; activities: number }> {
  const ids = await repo.activityIds(db, scope);
  for (const id of ids) await db.transaction((tx) => refreshActivity(tx, scope, id, now));
  return { refreshedAt: new Date(now).toISOString(), activities: ids.length };
}

/** The refresh job: every activity past a period boundary, across companies, each in its own transaction. */
export async function refreshDueActivities(db: Db, now = Date.now()): Promise<{ refreshed: number }> {
  const due = await repo.dueForRefresh(db, SWEEP_BATCH);
  for (const d of due) await db.transaction((tx) => refreshActivity(tx, systemScope(d.companyId), d.id, now));
  return { refreshed: due.length };
}

/** The company's stored compliance rows, filtered and paged. */
export function companyCompliance(db: Db, scope: TenantScope, q: ComplianceQuery): Promise<{ rows: ComplianceRow[]; total: number; refreshedAt: string | null }> {
  return repo.listCompliance(db, scope, q);
}

/** What the user must do now in the company: each activity asking them whose current period is under
 * way, with its progress computed from the submissions at this moment (not the stored rows). */
export async function dueActivities(db: Db, scope: TenantScope, userId: number, now = Date.now()): Promise<DueActivity[]> {
  const rows = await repo.activitiesOfUser(db, scope, userId);
  if (rows.length === 0) return [];
  const timeZone = await repo.companyTimeZone(db, scope);
  const presented = new Map((await present(db, scope, rows)).map((a) => [a.id, a]));
  const out: DueActivity[] = [];
  for (const a of rows) {
    const current = (await repo.periodsOf(db, a, timeZone)).filter((p) => p.start <= now && now < p.end);
    if (current.length === 0) continue;
    const [fact] = await computeFacts(db, scope, a, [userId], current, now);
    out.push({
      companyId: scope.companyId,
      activityId: a.id,
      name: a.name,
      groups: a.groups,
      forms: presented.get(a.id)!.forms,
      period: a.period,
      periodStart: new Date(fact!.start).toISOString(),
      periodEnd: new Date(fact!.end).toISOString(),
      done: fact!.done,
      timesPerPeriod: a.timesPerPeriod,
      state: fact!.state,
    });
  }
  return out;
}

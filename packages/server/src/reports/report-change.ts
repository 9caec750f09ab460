import type { EventType } from "@atalaya/shared";
import { systemScope, type CompanyScope, type TenantScope } from "../auth/access.js";
import type { ReportAudience } from "../auth/restrictions.js";
import type { Tx } from "../db/db.js";
import { AppError, notFound } from "../http/errors.js";
import type { Emit } from "../realtime/publish.js";
import { notifyAssignment, notifyFollowers, type ReportFacts, type StoredNotification } from "../notifications/index.js";
import { audienceOf, EVENT_VIEWER, presentReport } from "./report.presenter.js";
import { attendingAudiences, attendingCompanies, findReport, logActivity, touchAttention, type ReportRow } from "./report.repository.js";

// What every change to a report writes besides the change itself: the activity log, the real-time
// events and the notifications, in this one place (issue 35).

/** What a change does to a report inside its transaction; returns what the activity log records. */
export type ChangeFn = (tx: Tx, row: ReportRow, emit: Emit) => Promise<Record<string, unknown> | void>;
export interface ChangeOptions {
  shared?: boolean;
  eventType?: EventType;
}

/** Emits the report's state to one company, read inside the transaction so it is what commits; with
 * the company's facts of the report from before the change (see audienceOf). `publicUrl` is the
 * deployment's (PUBLIC_URL), which the report's share link starts with. */
export async function emitReport(tx: Tx, emit: Emit, publicUrl: string, company: TenantScope, reportId: number, type: EventType, previous?: ReportAudience): Promise<ReportRow> {
  const row = await findReport(tx, company, reportId);
  if (!row) throw notFound();
  await emit(company.companyId, type, { report: presentReport(row, EVENT_VIEWER, publicUrl) }, audienceOf(row, previous));
  return row;
}

/** Loads the scope's view of a report for a change, or 404 (not attended, or outside its restrictions). */
async function load(tx: Tx, scope: TenantScope, reportId: number): Promise<ReportRow> {
  const row = await findReport(tx, scope, reportId);
  if (!row) throw notFound();
  return row;
}

/** The one tail of every change to a report an operator makes (the command executor's and a domain's own
 * change alike, commands.ts), inside the caller's transaction: loads the report as the scope sees it (404
 * otherwise), lets fn change it, bumps its version, logs the action, emits the events to the company (to
 * every attending company when shared) and answers who to notify; the caller has checked the permission
 * and publishes the notifications after its commit. */
export async function applyChange(
  tx: Tx,
  emit: Emit,
  publicUrl: string,
  scope: CompanyScope,
  reportId: number,
  action: string,
  fn: ChangeFn,
  options: ChangeOptions = {},
): Promise<{ row: ReportRow; notifications: StoredNotification[] }> {
  const before = await load(tx, scope, reportId);
  if (before.deleted_by === "admin") throw new AppError(409, "invalidTransition", "deletedByAdmin");
  const previous = new Map((await attendingAudiences(tx, reportId)).map((a) => [a.company.companyId, a.audience]));
  const data = (await fn(tx, before, emit)) ?? {};
  await touchAttention(tx, scope, reportId);
  await logActivity(tx, scope, reportId, scope.actor.user.id, action, data);
  // After the change the report may fall outside the actor's restrictions (assigned to someone else):
  // the company's events and the answer are read as the company sees it.
  const companies = options.shared ? await attendingCompanies(tx, reportId) : [systemScope(scope.companyId)];
  let own: ReportRow | undefined;
  for (const company of companies) {
    const r = await emitReport(tx, emit, publicUrl, company, reportId, options.eventType ?? "updateReport", previous.get(company.companyId));
    if (company.companyId === scope.companyId) own = r;
  }
  return { row: own!, notifications: await notifyOfChange(tx, scope, before, own!) };
}

/** Inside a change: who of the company hears of it in their notification centre. A report newly assigned
 * to a user or a team tells them; a new status tells the report's followers (issue 12). */
async function notifyOfChange(tx: Tx, scope: CompanyScope, before: ReportRow, after: ReportRow): Promise<StoredNotification[]> {
  const facts: ReportFacts = { companyId: scope.companyId, reportId: after.id, title: after.title, typeId: after.type_id, audience: audienceOf(after) };
  const actorId = scope.actor.user.id;
  const userId = after.assigned_user && after.assigned_user.id !== before.assigned_user?.id ? after.assigned_user.id : null;
  const teamId = after.assigned_team && after.assigned_team.id !== before.assigned_team?.id ? after.assigned_team.id : null;
  const out = userId || teamId ? await notifyAssignment(tx, facts, actorId, { userId, teamId }) : [];
  if (after.status !== before.status) out.push(...(await notifyFollowers(tx, facts, actorId, { kind: "followedStatus", status: after.closing_kind === "repeated" ? "repeated" : after.status })));
  else {
    // Any other change a follower cares about (issue 15): what changed, named by field.
    const changes = followedChanges(before, after);
    if (changes.length > 0) out.push(...(await notifyFollowers(tx, facts, actorId, { kind: "followedUpdate", changes })));
  }
  return out;
}

/** The fields of a report its followers hear about when they change without a new status. */
export function followedChanges(before: ReportRow, after: ReportRow): string[] {
  const tagIds = (r: ReportRow) => r.tags.map((t) => t.id).sort((a, b) => a - b).join(",");
  const checks: [string, boolean][] = [
    ["type", before.type_id !== after.type_id],
    ["priority", before.priority !== after.priority],
    ["title", before.title !== after.title],
    ["description", before.description !== after.description],
    ["observations", before.observations !== after.observations],
    ["dueDate", (before.due_date?.getTime() ?? null) !== (after.due_date?.getTime() ?? null)],
    ["address", before.address !== after.address],
    ["assignee", before.assigned_user?.id !== after.assigned_user?.id || before.assigned_team?.id !== after.assigned_team?.id],
    ["tags", tagIds(before) !== tagIds(after)],
    ["private", before.is_private !== after.is_private],
  ];
  return checks.filter(([, changed]) => changed).map(([name]) => name);
}

/** Another domain's own entry on a report's activity log (a comment, a like, a follow, a note, a hidden
 * comment, an approved review), in the caller's transaction and in the company's log of `scope`: no
 * version, events or notifications (the caller emits its own); a change to the report itself is a
 * command (commands.ts) or `changeReport`. */
export function recordReportActivity(
  tx: Tx,
  scope: TenantScope,
  reportId: number,
  actorUserId: number | null,
  action: string,
  details: Record<string, unknown> = {},
): Promise<void> {
  return logActivity(tx, scope, reportId, actorUserId, action, details);
}

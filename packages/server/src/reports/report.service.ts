import {
  DRUGS_TYPE_ID,
  reportTypeById,
  type AppCreateReport,
  type CreateCompanyReport,
  type EventType,
  type Report,
  type ReportListQuery,
  type UpdateReport,
} from "@atalaya/shared";
import { authorize, type Actor, type Permission } from "../auth/access.js";
import type { Membership } from "../companies/company.repository.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/db.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { postClosingComment } from "../answers/answer.service.js";
import { changeWithEvents, type Emit } from "../realtime/publish.js";
import { attendingCompaniesOf, insertCommunityReports } from "./intake.repository.js";
import { EVENT_VIEWER, presentReport, type Viewer } from "./report.presenter.js";
import {
  attendingCompanies,
  countByStatus,
  findReport,
  findReportByUuid,
  insertAttention,
  insertReport,
  lastFollowupId,
  listReports,
  logActivity,
  routeOwnReport,
  takeAttention,
  type ReportRow,
  type Visibility,
} from "./report.repository.js";

const viewerOf = (scope: Membership): Viewer => ({ role: scope.role, userId: scope.userId });

/** The operator's list filters: their zones, report types and the only-assigned setting (SPEC §6). */
export function visibilityOf(actor: Actor, scope: Membership): Visibility {
  return {
    zoneIds: scope.zoneIds,
    reportTypeIds: scope.reportTypeIds,
    onlyAssignedTo: actor.user.settings.onlyAssignedReports === true ? actor.user.id : null,
  };
}

/** 400 unless the report type exists and is active. */
export function requireActiveType(typeId: number): void {
  const type = reportTypeById(typeId);
  if (!type || !type.active) throw invalidField("type", "invalid_type");
}

/** Emits the report's state to one company, read inside the transaction so it is what commits. */
async function emitReport(tx: Db, emit: Emit, companyId: number, reportId: number, type: EventType): Promise<ReportRow> {
  const row = await findReport(tx, companyId, reportId);
  if (!row) throw notFound();
  await emit(companyId, type, { report: presentReport(row, EVENT_VIEWER) });
  return row;
}

/** Loads the company's view of a report for a change, or 404. */
async function load(tx: Db, companyId: number, reportId: number): Promise<ReportRow> {
  const row = await findReport(tx, companyId, reportId);
  if (!row) throw notFound();
  return row;
}

/** Creates a report on behalf of a caller; only this company attends it. */
export async function createCompanyReport(ctx: AppContext, actor: Actor, companyId: number, body: CreateCompanyReport): Promise<Report> {
  const scope = await authorize(ctx.db, actor, companyId, "report.create");
  requireActiveType(body.type);
  const row = await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const anonymous = body.informerType === "anonymous";
    const { id, createdAt } = await insertReport(tx, {
      typeId: body.type,
      description: body.description,
      latitude: body.latitude,
      longitude: body.longitude,
      address: body.address ?? null,
      userId: null,
      isAnonymous: anonymous,
      createdByCompanyId: companyId,
      informerType: body.informerType,
      contact:
        body.informerType === "user"
          ? { phone: body.phone ?? null, firstName: body.firstName ?? null, lastName: body.lastName ?? null, email: body.email ?? null }
          : null,
      source: "portal",
      clientId: null,
      media: [],
    });
    const routing = await routeOwnReport(tx, companyId, body.type, body.latitude, body.longitude, createdAt);
    await insertAttention(tx, companyId, id, {
      priority: body.priority ?? routing.priority,
      dueDate: routing.due_date,
      zoneIds: routing.zone_ids,
      isAnonymous: anonymous,
    });
    await logActivity(tx, companyId, id, actor.user.id, "created", { informerType: body.informerType });
    return emitReport(tx, emit, companyId, id, "newReport");
  });
  return presentReport(row, viewerOf(scope));
}

/** One community report sent from the app, with who sent it (null: not signed in). */
export interface AppReportRequest {
  actor: Actor | null;
  body: AppCreateReport;
}

/** What creating a community report gave: its ids, the companies attending it, and created=false when
 * its clientId was already used (a retried request gets the first report instead of a second one). */
export interface AppReportResult {
  id: number;
  uuid: string;
  companies: number[];
  created: boolean;
}

/** Creates community reports from the app in one transaction: each is routed to every company whose
 * zones and types cover it, and each attending company gets its newReport event. Takes several at once
 * so that reports arriving together share the round trips and the commit (app.routes.ts batches them). */
export async function createAppReports(ctx: AppContext, requests: readonly AppReportRequest[]): Promise<AppReportResult[]> {
  for (const { body } of requests) requireActiveType(body.type);
  const reports = requests.map(({ actor, body }) => {
    const anonymous = body.anonymous || !actor;
    return {
      typeId: body.type,
      description: body.description,
      latitude: body.latitude,
      longitude: body.longitude,
      address: body.address ?? null,
      userId: actor?.user.id ?? null,
      isAnonymous: anonymous,
      createdByCompanyId: null,
      informerType: anonymous ? ("anonymous" as const) : ("user" as const),
      contact: null,
      source: "app",
      clientId: body.clientId ?? null,
      media: [],
    };
  });
  return changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const authors = new Map(requests.flatMap(({ actor }) => (actor ? [[actor.user.id, actor.user] as const] : [])));
    const { inserted, attentions } = await insertCommunityReports(tx, reports, authors);
    for (const row of attentions.flat()) await emit(row.company_id, "newReport", { report: presentReport(row, EVENT_VIEWER) });
    const retried = inserted.filter((r) => !r.created).map((r) => r.id);
    const attending = retried.length ? await attendingCompaniesOf(tx, retried) : new Map<number, number[]>();
    return inserted.map((r, i) => ({
      id: r.id,
      uuid: r.uuid,
      companies: r.created ? attentions[i]!.map((a) => a.company_id) : (attending.get(r.id) ?? []),
      created: r.created,
    }));
  });
}

/** A page of one status tab with counters for every tab. */
export async function listCompanyReports(ctx: AppContext, actor: Actor, companyId: number, q: ReportListQuery) {
  const scope = await authorize(ctx.db, actor, companyId, "report.read");
  const visibility = visibilityOf(actor, scope);
  const [{ rows, total }, counters, lastId] = await Promise.all([
    listReports(ctx.db, companyId, q, visibility),
    countByStatus(ctx.db, companyId, visibility),
    lastFollowupId(ctx.db, companyId),
  ]);
  const viewer = viewerOf(scope);
  return { reports: rows.map((r) => presentReport(r, viewer)), total, counters, lastFollowupId: lastId };
}

/** One report with this company's attention (by id or uuid). */
export async function getCompanyReport(ctx: AppContext, actor: Actor, companyId: number, key: { id: number } | { uuid: string }): Promise<Report> {
  const scope = await authorize(ctx.db, actor, companyId, "report.read");
  const row = "id" in key ? await findReport(ctx.db, companyId, key.id) : await findReportByUuid(ctx.db, companyId, key.uuid);
  if (!row) throw notFound();
  return presentReport(row, viewerOf(scope));
}

/** Runs a change to one report of the company: authorises, loads it, lets fn change it, then logs the
 * action and tells the company (and, for shared changes, every attending company). */
export async function changeReport(
  ctx: AppContext,
  actor: Actor,
  companyId: number,
  reportId: number,
  permission: Permission,
  action: string,
  fn: (tx: Db, row: ReportRow, emit: Emit) => Promise<Record<string, unknown> | void>,
  options: { shared?: boolean; eventType?: EventType } = {},
): Promise<Report> {
  const scope = await authorize(ctx.db, actor, companyId, permission);
  const row = await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const before = await load(tx, companyId, reportId);
    const data = (await fn(tx, before, emit)) ?? {};
    await tx.query("update report_attentions set version = version + 1, updated_at = now() where company_id = $1 and report_id = $2", [
      companyId,
      reportId,
    ]);
    await logActivity(tx, companyId, reportId, actor.user.id, action, data);
    const companies = options.shared ? await attendingCompanies(tx, reportId) : [companyId];
    let own: ReportRow | undefined;
    for (const cid of companies) {
      const r = await emitReport(tx, emit, cid, reportId, options.eventType ?? "updateReport");
      if (cid === companyId) own = r;
    }
    return own!;
  });
  return presentReport(row, viewerOf(scope));
}

/** Take (SPEC §4): the first operator moves a pending report to in_progress; a second gets 409 alreadyTaken. */
export async function takeReport(ctx: AppContext, actor: Actor, companyId: number, reportId: number): Promise<Report> {
  return changeReport(ctx, actor, companyId, reportId, "report.take", "taken", async (tx, row) => {
    if (row.deleted_at) throw new AppError(409, "invalidTransition", "deletedByAuthor");
    if (!(await takeAttention(tx, companyId, reportId, actor.user.id))) {
      const current = await load(tx, companyId, reportId);
      throw new AppError(409, "alreadyTaken", "alreadyTaken", undefined, undefined, {
        by: current.assigned_user?.name ?? "",
      });
    }
  });
}

function requireOpen(row: ReportRow): void {
  if (row.status !== "in_progress" && row.status !== "in_observation") throw new AppError(409, "invalidTransition", "notTaken");
  if (row.deleted_at) throw new AppError(409, "invalidTransition", "deletedByAuthor");
}

/** Changes this company's attention: priority, observations, in_progress ↔ in_observation, type, tags. */
export async function updateReport(ctx: AppContext, actor: Actor, companyId: number, reportId: number, body: UpdateReport): Promise<Report> {
  if (body.type !== undefined) requireActiveType(body.type);
  return changeReport(ctx, actor, companyId, reportId, "report.work", "updated", async (tx, row) => {
    requireOpen(row);
    if (body.version !== undefined && body.version !== row.version) throw new AppError(409, "conflict", "staleVersion");
    const changes: Record<string, unknown> = {};
    if (body.priority !== undefined && body.priority !== row.priority) changes.priority = body.priority;
    if (body.observations !== undefined && body.observations !== row.observations) changes.observations = body.observations;
    if (body.status !== undefined && body.status !== row.status) changes.status = body.status;
    await tx.query(
      `update report_attentions set priority = coalesce($3, priority), observations = case when $4 then $5 else observations end,
              status = coalesce($6, status) where company_id = $1 and report_id = $2`,
      [companyId, reportId, body.priority ?? null, body.observations !== undefined, body.observations ?? null, body.status ?? null],
    );
    if (body.type !== undefined && body.type !== row.type_id) {
      if (body.type === DRUGS_TYPE_ID && !body.confirmDrugs) throw new AppError(409, "invalidTransition", "confirmDrugs");
      // The report's type is shared; drugs also makes this company's attention private and anonymous.
      await tx.query("update reports set type_id = $2, updated_at = now() where id = $1", [reportId, body.type]);
      if (body.type === DRUGS_TYPE_ID)
        await tx.query("update report_attentions set is_private = true, is_anonymous = true where company_id = $1 and report_id = $2", [companyId, reportId]);
      changes.type = body.type;
    }
    if (body.tagIds !== undefined) {
      const valid = await tx.query<{ id: number }>("select id from tags where company_id = $1 and id = any($2::int[])", [companyId, body.tagIds]);
      if (valid.length !== new Set(body.tagIds).size) throw invalidField("tagIds", "invalid_tag");
      await tx.query("delete from report_attention_tags where company_id = $1 and report_id = $2", [companyId, reportId]);
      await tx.query(
        "insert into report_attention_tags (company_id, report_id, tag_id) select $1, $2, unnest($3::int[])",
        [companyId, reportId, valid.map((v) => v.id)],
      );
      changes.tagIds = body.tagIds;
    }
    return changes;
  }, { shared: body.type !== undefined });
}

/** Closes as solved (actor becomes the solver), not applicable (false) or repeated of another report. */
export async function closeReport(
  ctx: AppContext,
  actor: Actor,
  companyId: number,
  reportId: number,
  body: { kind: "solved" | "false" | "repeated"; repeatedOf?: number; automaticAnswerId?: number; comment?: string },
): Promise<Report> {
  // A closing comment is public: every attending company sees the new comment count.
  const commented = body.automaticAnswerId !== undefined || !!body.comment?.trim();
  return changeReport(ctx, actor, companyId, reportId, "report.work", "closed", async (tx, row, emit) => {
    if (row.status === "solved" || row.status === "false") throw new AppError(409, "invalidTransition", "alreadyClosed");
    if (row.status === "pending" && !row.deleted_at) throw new AppError(409, "invalidTransition", "notTaken");
    let repeatedOf: number | null = null;
    if (body.kind === "repeated") {
      if (!body.repeatedOf || body.repeatedOf === reportId || !(await findReport(tx, companyId, body.repeatedOf)))
        throw invalidField("repeatedOf", "invalid_report");
      repeatedOf = body.repeatedOf;
    }
    await tx.query(
      `update report_attentions set status = $3, closing_kind = $4, repeated_of = $5, closed_by_user_id = $6, closed_at = now()
        where company_id = $1 and report_id = $2`,
      [companyId, reportId, body.kind === "false" ? "false" : "solved", body.kind, repeatedOf, actor.user.id],
    );
    const closing = await postClosingComment(tx, emit, companyId, row, actor.user.id, body);
    return { kind: body.kind, ...(repeatedOf ? { repeatedOf } : {}), ...closing };
  }, { shared: commented });
}

/** Assigns to a colleague, a team or a patrol (one patrol at a time: a new one replaces the previous). */
export async function assignReport(
  ctx: AppContext,
  actor: Actor,
  companyId: number,
  reportId: number,
  body: { userId?: number | null; teamId?: number | null; patrolId?: number | null },
): Promise<Report> {
  return changeReport(ctx, actor, companyId, reportId, "report.work", "assigned", async (tx, row) => {
    requireOpen(row);
    const member = async (userId: number, roles: string[], field: string) => {
      const m = await tx.query("select 1 from memberships where company_id = $1 and user_id = $2 and role = any($3::text[])", [companyId, userId, roles]);
      if (!m.length) throw invalidField(field, "invalid_member");
    };
    if (body.userId) await member(body.userId, ["company_admin", "operator"], "userId");
    if (body.patrolId) await member(body.patrolId, ["patrol"], "patrolId");
    if (body.teamId && !(await tx.query("select 1 from teams where company_id = $1 and id = $2", [companyId, body.teamId])).length)
      throw invalidField("teamId", "invalid_team");
    await tx.query(
      `update report_attentions set
          assigned_user_id = case when $3 then $4 else assigned_user_id end,
          assigned_team_id = case when $5 then $6 else assigned_team_id end,
          assigned_patrol_id = case when $7 then $8 else assigned_patrol_id end
        where company_id = $1 and report_id = $2`,
      [companyId, reportId, body.userId !== undefined, body.userId ?? null, body.teamId !== undefined, body.teamId ?? null,
        body.patrolId !== undefined, body.patrolId ?? null],
    );
    return { ...body, ...(body.patrolId !== undefined && row.assigned_patrol ? { previousPatrolId: row.assigned_patrol.id } : {}) };
  });
}

/** The company's activity log of a report, oldest first. */
export async function reportActivity(ctx: AppContext, actor: Actor, companyId: number, reportId: number) {
  await authorize(ctx.db, actor, companyId, "report.read");
  await load(ctx.db, companyId, reportId);
  return ctx.db.query<{ id: number; action: string; actor: { id: number; name: string } | null; data: Record<string, unknown>; created_at: Date }>(
    `select l.id::int as id, l.action, l.data, l.created_at,
            case when u.id is null then null else json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) end as actor
       from activity_log l left join users u on u.id = l.actor_user_id
      where l.company_id = $1 and l.report_id = $2 order by l.id`,
    [companyId, reportId],
  );
}

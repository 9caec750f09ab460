import {
  DRUGS_TYPE_ID,
  reportTypeById,
  type AppCreateReport,
  type CreateCompanyReport,
  type Report,
  type ReportListQuery,
  type UpdateReport,
} from "@atalaya/shared";
import { can, companiesSeeingReport, requireAccess, requireVisibleReport, resolveScope, systemScope, type Actor, type CompanyScope, type Permission, type TenantScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { one, type Db, type Tx } from "../db/db.js";
import { AppError, invalidField, notFound } from "../http/errors.js";
import { changeWithEvents, type Emit } from "../realtime/publish.js";
import {
  assignAttention,
  changeReportType,
  isCompanyTeam,
  isMemberWithRole,
  listActivity,
  replaceTags,
  setSubstatus,
  updateAttentionFields,
  type ActivityRow,
} from "./attention.repository.js";
import { attendingCompaniesOf, insertCommunityReports, insertReport, type NewReport } from "./intake.repository.js";
import { audienceOf, EVENT_VIEWER, presentListItem, presentReport, type Viewer } from "./report.presenter.js";
import { withViewerMarks } from "./report-flags.repository.js";
import { emitReport, type ChangeFn } from "./report-change.js";
import {
  countByStatus,
  deleteAttention,
  findReport,
  findReportByUuid,
  insertAttention,
  lastFollowupId,
  otherAttendingCompanies,
  reporterSocialNumber,
  listHistory,
  listReportRows,
  listReports,
  logActivity,
  ROLES_THAT_WORK,
  routeOwnReport,
  takeAttention,
  touchAttention,
  type HistoryFilter,
  type PageQuery,
  type ReportListRow,
  type ReportRow,
} from "./report.repository.js";

/** How the scope's user sees a report (their role and id, the company's observer flag). */
export const viewerOf = (scope: CompanyScope): Viewer => ({ role: scope.role, userId: scope.actor.user.id, observer: scope.company.isObserver });

/** 400 unless the report type exists and is active. */
export function requireActiveType(typeId: number): void {
  const type = reportTypeById(typeId);
  if (!type || !type.active) throw invalidField("type", "invalid_type");
}

/** Loads the scope's view of a report for a change, or 404 (not attended, or outside its restrictions). */
async function load(tx: Tx, scope: TenantScope, reportId: number): Promise<ReportRow> {
  const row = await findReport(tx, scope, reportId);
  if (!row) throw notFound();
  return row;
}

/** Creates a report on behalf of a caller; only this company attends it. */
export async function createCompanyReport(ctx: AppContext, scope: CompanyScope, body: CreateCompanyReport): Promise<Report> {
  requireActiveType(body.type);
  // A restricted operator creates only what they may see: their report types, inside their zones.
  const { reportTypeIds: allowedTypes } = scope.restrictions;
  if (allowedTypes.length > 0 && !allowedTypes.includes(body.type)) throw invalidField("type", "invalid_type");
  const row = await insertOwnReport(ctx, scope, scope.actor.user.id, body, "portal");
  return presentReport(row, viewerOf(scope), ctx.config.publicUrl);
}

/** A report a company makes for itself (the portal's create form, a completed dynamic form): only
 * this company attends it; `actorId` is who made it (null: a public fill link). */
async function insertOwnReport(ctx: AppContext, scope: TenantScope, actorId: number | null, body: CreateCompanyReport, source: string): Promise<ReportRow> {
  const { zoneIds: allowedZones } = scope.restrictions;
  const companyId = scope.companyId;
  return changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
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
      source,
      clientId: null,
      media: [],
    });
    const routing = await routeOwnReport(tx, scope, body.type, body.latitude, body.longitude, createdAt);
    if (allowedZones.length > 0 && !routing.zone_ids.some((z) => allowedZones.includes(z))) throw invalidField("latitude", "outside_zones");
    await insertAttention(tx, scope, id, {
      priority: body.priority ?? routing.priority,
      dueDate: routing.due_date,
      zoneIds: routing.zone_ids,
      isAnonymous: anonymous,
    });
    await logActivity(tx, scope, id, actorId, "created", { informerType: body.informerType });
    // Read as the company, not as the actor: the creator may be restricted and still made it.
    return emitReport(tx, emit, ctx.config.publicUrl, systemScope(companyId), id, "newReport");
  });
}

/** Creates the report a completed dynamic form asks for (issue 16): of the template's type, at the
 * form's point, attended by the template's company only; answers its id. The form's submission is the
 * authority (a patrol or a public fill link may complete a form that reports). */
export async function createFormReport(ctx: AppContext, companyId: number, actorId: number | null, body: CreateCompanyReport): Promise<number> {
  requireActiveType(body.type);
  const row = await insertOwnReport(ctx, systemScope(companyId), actorId, body, "form");
  return row.id;
}

/** A citizen's report about an asset, sent from the asset's public page (issue 17). */
export interface AssetReportRequest {
  companyId: number;
  asset: { id: number; category: string; latitude: number; longitude: number; address: string | null };
  typeId: number;
  description: string;
  /** The signed-in reporter, or null for an anonymous citizen. */
  userId: number | null;
  media: unknown[];
  /** Runs in the report's transaction once it exists (the photo's file row). */
  withReport?: (tx: Tx, reportId: number) => Promise<void>;
}

/** Creates a report about an asset: located at the asset, carrying it and its category, attended by
 * the asset's company only (whatever its zones), which gets its newReport event and alarm. */
export async function createAssetReport(ctx: AppContext, req: AssetReportRequest): Promise<{ id: number; uuid: string }> {
  requireActiveType(req.typeId);
  const company = systemScope(req.companyId);
  return changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const { id, uuid, createdAt } = await insertReport(tx, {
      typeId: req.typeId,
      description: req.description,
      latitude: req.asset.latitude,
      longitude: req.asset.longitude,
      address: req.asset.address,
      userId: req.userId,
      isAnonymous: req.userId === null,
      createdByCompanyId: null,
      informerType: req.userId === null ? "anonymous" : "user",
      contact: null,
      source: "asset",
      clientId: null,
      media: req.media,
    });
    await tx.query("update reports set asset_id = $2, asset_category_name = $3 where id = $1", [id, req.asset.id, req.asset.category]);
    await req.withReport?.(tx, id);
    const routing = await routeOwnReport(tx, company, req.typeId, req.asset.latitude, req.asset.longitude, createdAt);
    await insertAttention(tx, company, id, { priority: routing.priority, dueDate: routing.due_date, zoneIds: routing.zone_ids, isAnonymous: req.userId === null });
    await logActivity(tx, company, id, null, "created", { source: "asset", assetId: req.asset.id });
    await emitReport(tx, emit, ctx.config.publicUrl, company, id, "newReport");
    return { id, uuid };
  });
}

/** One community report sent from the app, with who sent it (null: not signed in). */
export interface AppReportRequest {
  actor: Actor | null;
  body: AppCreateReport;
  /** Another door than the app (Open311, issue 18): its name, the contact it gave, a media link. */
  via?: { source: string; contact: NonNullable<NewReport["contact"]> | null; mediaUrl: string | null };
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
  const reports = requests.map(({ actor, body, via }): NewReport => {
    // Through another door (Open311) the reporter has no account: a contact it gave is a caller's.
    const anonymous = via ? !via.contact : body.anonymous || !actor;
    return {
      typeId: body.type,
      description: body.description,
      latitude: body.latitude,
      longitude: body.longitude,
      address: body.address ?? null,
      userId: via ? null : (actor?.user.id ?? null),
      isAnonymous: anonymous,
      createdByCompanyId: null,
      informerType: anonymous ? "anonymous" : "user",
      contact: via?.contact ?? null,
      source: via?.source ?? "app",
      clientId: body.clientId ?? null,
      media: [],
      mediaUrl: via?.mediaUrl ?? null,
    };
  });
  return changeWithEvents(
    ctx.db,
    ctx.bus,
    async (tx, emit) => {
      const authors = new Map(requests.flatMap(({ actor }) => (actor ? [[actor.user.id, actor.user] as const] : [])));
      const { inserted, attentions } = await insertCommunityReports(tx, reports, authors);
      for (const row of attentions.flat()) await emit(row.company_id, "newReport", { report: presentReport(row, EVENT_VIEWER, ctx.config.publicUrl) }, audienceOf(row));
      const retried = inserted.filter((r) => !r.created).map((r) => r.id);
      const attending = retried.length ? await attendingCompaniesOf(tx, retried) : new Map<number, number[]>();
      return inserted.map((r, i) => ({
        id: r.id,
        uuid: r.uuid,
        companies: r.created ? attentions[i]!.map((a) => a.company_id) : (attending.get(r.id) ?? []),
        created: r.created,
      }));
    },
    // The intake's statement costs more to plan than to run: its generic plan from a connection's first report.
    { genericPlans: true },
  );
}

/** Delivers a community report to a company whose notifications are delayed (the job queued at intake,
 * run by any process once the delay is over): opens its attention with the type's priority and the due
 * time counted from the report's creation, logs it and sends the newReport event. Running it again
 * (a retried job) changes nothing. */
export async function deliverDelayedReport(ctx: AppContext, companyId: number, reportId: number): Promise<void> {
  await changeWithEvents(ctx.db, ctx.bus, (tx, emit) => deliverReportIn(tx, emit, ctx.config.publicUrl, companyId, reportId, { source: "app", delayed: true }));
}

/** Opens a company's attention of a community report it did not get at intake (a delayed delivery, an
 * approved review: issue 17), logs "created" with `data` and sends the newReport event, inside the
 * caller's transaction. The due time counts from `from` (default: the report's creation). Does nothing
 * when the attention exists already. */
export async function deliverReportIn(tx: Tx, emit: Emit, publicUrl: string, companyId: number, reportId: number, data: Record<string, unknown>, from?: Date): Promise<void> {
  const company = systemScope(companyId);
  const report = await one<{ type_id: number; latitude: number; longitude: number; created_at: Date; is_anonymous: boolean }>(
    tx,
    "select type_id, latitude, longitude, created_at, is_anonymous from reports where id = $1",
    [reportId],
  );
  if (!report || (await findReport(tx, company, reportId))) return;
  const routing = await routeOwnReport(tx, company, report.type_id, report.latitude, report.longitude, from ?? new Date(report.created_at));
  await insertAttention(tx, company, reportId, { priority: routing.priority, dueDate: routing.due_date, zoneIds: routing.zone_ids, isAnonymous: report.is_anonymous });
  await logActivity(tx, company, reportId, null, "created", data);
  await emitReport(tx, emit, publicUrl, company, reportId, "newReport");
}

/** A change to a company's report made outside an operator's scope (the reporter app answering a
 * gathering or rating it: issue 17), inside the caller's transaction: bumps the attention's version,
 * logs `action` without an actor and sends the updateReport event to the company; answers the report
 * as the company now sees it. */
export async function recordReportChange(tx: Tx, emit: Emit, publicUrl: string, companyId: number, reportId: number, action: string, data: Record<string, unknown>): Promise<ReportRow> {
  const company = systemScope(companyId);
  await touchAttention(tx, company, reportId);
  await logActivity(tx, company, reportId, null, action, data);
  return emitReport(tx, emit, publicUrl, company, reportId, "updateReport");
}

/** A page of one status tab with counters for every tab, within the scope's restrictions. */
export function listCompanyReports(ctx: AppContext, scope: CompanyScope, q: ReportListQuery) {
  const viewer = viewerOf(scope);
  return listPage(ctx, scope, q, listReports, (row: ReportRow) => presentReport(row, viewer, ctx.config.publicUrl));
}

/** The same page as the events panel's rows (GET …/reports/rows). */
export function listCompanyReportRows(ctx: AppContext, scope: CompanyScope, q: ReportListQuery) {
  const viewer = viewerOf(scope);
  return listPage(ctx, scope, q, listReportRows, (row: ReportListRow) => presentListItem(row, viewer));
}

async function listPage<Row, Shown extends { id: number; isFavorite?: boolean; seen?: boolean }>(
  ctx: AppContext,
  scope: CompanyScope,
  q: ReportListQuery,
  read: (db: Db, scope: CompanyScope, q: PageQuery) => Promise<{ rows: Row[]; total: number }>,
  present: (row: Row) => Shown,
) {
  const counting = countByStatus(ctx.db, scope);
  const [{ rows, total }, counters, lastId] = await Promise.all([
    read(ctx.db, scope, { ...q, favoriteOf: q.favorite ? scope.actor.user.id : undefined, counters: counting }),
    counting,
    lastFollowupId(ctx.db, scope),
  ]);
  const reports = await withViewerMarks(ctx.db, scope, scope.actor.user.id, rows.map(present));
  return { reports, total, counters, lastFollowupId: lastId };
}

/** One report with this company's attention (by id or uuid); 404 outside the scope's restrictions. */
export async function getCompanyReport(ctx: AppContext, scope: CompanyScope, key: { id: number } | { uuid: string }): Promise<Report> {
  const row = "id" in key ? await findReport(ctx.db, scope, key.id) : await findReportByUuid(ctx.db, scope, key.uuid);
  if (!row) throw notFound();
  const report = presentReport(row, viewerOf(scope), ctx.config.publicUrl);
  // The company flags of SPEC §3 that add to the detail.
  if (scope.company.visualizeAttendingCompanies) report.attendingCompanies = await otherAttendingCompanies(ctx.db, scope, row.id);
  if (scope.company.displayDni) report.reporterDni = row.is_anonymous ? null : await reporterSocialNumber(ctx.db, row.id);
  await withViewerMarks(ctx.db, scope, scope.actor.user.id, [report]);
  return report;
}

/** GET /api/reports/{id} (SPEC §7): the report as the first of the actor's companies that attends it
 * and whose restrictions let the actor see it presents it; 404 when none does. */
export async function getVisibleReport(ctx: AppContext, actor: Actor, reportId: number): Promise<Report> {
  return getCompanyReport(ctx, await scopeOfReport(ctx, actor, reportId, "report.read"), { id: reportId });
}

/** The company a SPEC §7 call without one (`/api/reports/{id}…`) acts in: the caller's first company
 * that attends the report, lets the caller see it and grants the permission. 404 when none lets the
 * caller see it (another company's report alike); 403 when one does but none grants it, as that
 * company's own route answers. */
export async function scopeOfReport(ctx: AppContext, actor: Actor, reportId: number, permission: Permission): Promise<CompanyScope> {
  const companies = await companiesSeeingReport(ctx.db, actor.user.id, reportId);
  const company = companies.find((c) => can(c.role, permission)) ?? companies[0];
  if (!company) throw notFound();
  return resolveScope(ctx.db, actor, company.company_id, permission);
}

/** The take command's change (SPEC §4; commands.ts runs it for a route or a bulk action). */
export function takeChange(scope: CompanyScope, reportId: number): ChangeFn {
  return async (tx, row) => {
    if (row.deleted_at) throw new AppError(409, "invalidTransition", "deletedByAuthor");
    if (!(await takeAttention(tx, scope, reportId, scope.actor.user.id))) {
      const current = await load(tx, systemScope(scope.companyId), reportId);
      throw new AppError(409, "alreadyTaken", "alreadyTaken", undefined, undefined, {
        by: current.assigned_user?.name ?? "",
      });
    }
  };
}

/** 409 unless the report is taken (in progress or in observation), not closed and not deleted by its author. */
export function requireOpen(row: ReportRow): void {
  if (row.status === "solved" || row.status === "false") throw new AppError(409, "invalidTransition", "alreadyClosed");
  if (row.status !== "in_progress" && row.status !== "in_observation") throw new AppError(409, "invalidTransition", "notTaken");
  if (row.deleted_at) throw new AppError(409, "invalidTransition", "deletedByAuthor");
}

/** The update and tag commands' change (priority, observations, status, type, tags; commands.ts). */
export function updateChange(scope: CompanyScope, reportId: number, body: UpdateReport): ChangeFn {
  return async (tx, row) => {
    requireOpen(row);
    if (body.version !== undefined && body.version !== row.version) throw new AppError(409, "conflict", "staleVersion");
    const changes: Record<string, unknown> = {};
    if (body.priority !== undefined && body.priority !== row.priority) changes.priority = body.priority;
    if (body.observations !== undefined && body.observations !== row.observations) changes.observations = body.observations;
    if (body.status !== undefined && body.status !== row.status) changes.status = body.status;
    await updateAttentionFields(tx, scope, reportId, body);
    if (body.type !== undefined && body.type !== row.type_id) {
      if (body.type === DRUGS_TYPE_ID && !body.confirmDrugs) throw new AppError(409, "invalidTransition", "confirmDrugs");
      // The report's type is shared; drugs also makes this company's attention private and anonymous.
      await changeReportType(tx, scope, reportId, body.type, body.type === DRUGS_TYPE_ID);
      changes.type = body.type;
    }
    if (body.tagIds !== undefined) {
      if (!(await replaceTags(tx, scope, reportId, body.tagIds))) throw invalidField("tagIds", "invalid_tag");
      changes.tagIds = body.tagIds;
    }
    if (body.substatusId !== undefined && body.substatusId !== (row.substatus?.id ?? null)) {
      if (!(await setSubstatus(tx, scope, reportId, body.substatusId))) throw invalidField("substatusId", "invalid_substatus");
      changes.substatusId = body.substatusId;
    }
    return changes;
  };
}

/** The assign command's change (commands.ts runs it for a route or a bulk action). */
export function assignChange(
  scope: CompanyScope,
  reportId: number,
  body: { userId?: number | null; teamId?: number | null; patrolId?: number | null },
): ChangeFn {
  return async (tx, row) => {
    requireOpen(row);
    if (body.userId && !(await isMemberWithRole(tx, scope, body.userId, ROLES_THAT_WORK))) throw invalidField("userId", "invalid_member");
    if (body.patrolId && !(await isMemberWithRole(tx, scope, body.patrolId, ["patrol"]))) throw invalidField("patrolId", "invalid_member");
    if (body.teamId && !(await isCompanyTeam(tx, scope, body.teamId))) throw invalidField("teamId", "invalid_team");
    await assignAttention(tx, scope, reportId, body);
    return { ...body, ...(body.patrolId !== undefined && row.assigned_patrol ? { previousPatrolId: row.assigned_patrol.id } : {}) };
  };
}

/** The company's activity log of a report, oldest first. */
export async function reportActivity(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<ActivityRow[]> {
  await requireVisibleReport(ctx.db, scope, reportId);
  return listActivity(ctx.db, scope, reportId);
}

/** A page of the history (SPEC §3 report filter already resolved to a window), presented like the panel
 * rows; not-applicable and deleted reports included, within the scope's restrictions. */
export async function listHistoryReports(ctx: AppContext, scope: CompanyScope, filter: HistoryFilter): Promise<{ reports: Report[]; total: number }> {
  const { rows, total } = await listHistory(ctx.db, scope, filter);
  const viewer = viewerOf(scope);
  return { reports: rows.map((r) => presentReport(r, viewer, ctx.config.publicUrl)), total };
}

/** A company admin deletes a report for the organisation (SPEC §7 DELETE /reports/{id}, deletedBy admin):
 * it leaves the panel's lists and counters (the company's sockets get removeReport), stays readable in
 * history and the detail, and can no longer be worked. A report the scope may not see answers 404 before
 * the role is checked (403), as every report route does. */
export async function deleteCompanyReport(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<Report> {
  await requireVisibleReport(ctx.db, scope, reportId);
  requireAccess(scope, "report.delete");
  const row = await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const before = await load(tx, scope, reportId);
    if (!(await deleteAttention(tx, scope, reportId, scope.actor.user.id))) throw new AppError(409, "invalidTransition", "deletedByAdmin");
    await touchAttention(tx, scope, reportId);
    await logActivity(tx, scope, reportId, scope.actor.user.id, "deletedByAdmin", { status: before.status });
    // Everyone of the company who saw it (the audience as it was) drops it from their lists.
    await emit(scope.companyId, "removeReport", { reportId }, audienceOf(before));
    return load(tx, systemScope(scope.companyId), reportId);
  });
  return presentReport(row, viewerOf(scope), ctx.config.publicUrl);
}

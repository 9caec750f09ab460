import { countdownSeconds, reportTypeById, reportSpecFields, sharedReportPath, type CompanyRole, type Media, type Report, type ReportAbilities, type ReportListItem } from "@atalaya/shared";
import { can } from "../auth/access.js";
import type { ReportAudience } from "../auth/restrictions.js";
import type { ReportListRow, ReportRow } from "./report.repository.js";

/** Who is looking: their role decides the abilities; null presents for events (any operator). */
export interface Viewer {
  role: CompanyRole;
  userId: number | null;
  /** The viewer's company is an observer (SPEC §3 is_observer): it neither takes nor closes. */
  observer?: boolean;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** What the viewer may do with the report in its current state (Outline's presentPolicies). */
export function abilities(row: ReportListRow, viewer: Viewer): ReportAbilities {
  // Deleted by an admin of the company: it is out of the workflow, only read (history, detail).
  if (row.deleted_by === "admin") return { ...NOTHING };
  const deleted = row.deleted_at !== null;
  const open = row.status === "in_progress" || row.status === "in_observation";
  const closed = row.status === "solved" || row.status === "false";
  const works = can(viewer.role, "report.work");
  // The company's flag travels with the row, so an event's abilities (EVENT_VIEWER) respect it too.
  const observer = viewer.observer === true || row.company_is_observer;
  return {
    take: row.status === "pending" && !deleted && can(viewer.role, "report.take") && !observer,
    work: open && !deleted && works,
    // A report its author deleted can only be closed (SPEC §4), from any open status.
    close: !closed && can(viewer.role, "report.close") && (open || deleted) && !observer,
    comment: !deleted && can(viewer.role, "report.comment"),
    note: can(viewer.role, "report.note"),
    assign: open && !deleted && works,
    makePrivate: !row.is_private && !closed && can(viewer.role, "report.makePrivate"),
    changeAddress: open && !deleted && works && row.created_by_company_id === null,
    delete: can(viewer.role, "report.delete"),
  };
}

const NOTHING: ReportAbilities = {
  take: false,
  work: false,
  close: false,
  comment: false,
  note: false,
  assign: false,
  makePrivate: false,
  changeAddress: false,
  delete: false,
};

/** The facts of the report that decide which restricted users may receive an event about it; with the
 * facts from before a change, those who lose sight of the report are told to remove it. */
export function audienceOf(row: Pick<ReportRow, "id" | "zone_ids" | "type_id" | "assigned_user">, previous?: ReportAudience): ReportAudience {
  const audience: ReportAudience = { zoneIds: row.zone_ids, typeId: row.type_id, assignedUserId: row.assigned_user?.id ?? null };
  if (previous) audience.previous = { reportId: row.id, zoneIds: previous.zoneIds, typeId: previous.typeId, assignedUserId: previous.assignedUserId };
  return audience;
}

/** The public link of a report on the deployment at publicUrl (SPEC §2's `/public/{uuid}`, whose
 * `sharedUrl` leads a visitor without a session to the portal's public page of the report). */
export function shareUrlOf(publicUrl: string, uuid: string): string {
  const page = `${publicUrl}${sharedReportPath(uuid)}`;
  return `${publicUrl}/public/${uuid}?sharedUrl=${encodeURIComponent(page)}`;
}

/** A report as a row of the events panel shows it (`GET …/reports/rows`), from the row view's columns;
 * the whole report (presentReport) is this and the rest. */
export function presentListItem(row: ReportListRow, viewer: Viewer): ReportListItem {
  const open = row.status !== "solved" && row.status !== "false";
  const subscription = row.reporter_subscription;
  return {
    id: row.id,
    uuid: row.uuid,
    company_id: row.company_id,
    status: row.status,
    displayStatus: row.deleted_by === "author" && open ? "in_deleting_progress" : row.status,
    type: row.type_id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    dueDate: iso(row.due_date),
    reportFollowupId: row.followup_id,
    latitude: row.latitude,
    longitude: row.longitude,
    address: row.address,
    zones: row.zone_ids,
    commentsCount: row.comments_count,
    isAnonymous: row.is_anonymous,
    isPrivate: row.is_private,
    stolenPlate: row.stolen_plate,
    assignedUser: row.assigned_user,
    tags: row.tags,
    deletedAt: iso(row.deleted_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    version: row.version,
    can: abilities(row, viewer),
    // Issue 17: the substatus, the reporter's rating and the flags a row shows (the per-viewer
    // isFavorite and seen are added by who knows the viewer).
    substatus: row.substatus,
    ratingPoints: row.rating_points,
    highlighted: row.highlighted,
    countdown: open ? countdownSeconds(row.due_date, Date.now()) : null,
    premiumUser: row.gate_premium_alert && subscription !== null,
    subscription:
      row.gate_subscription_badges && subscription
        ? { plan: subscription.plan, until: subscription.until ? new Date(subscription.until).toISOString() : null }
        : null,
  };
}

/** The API shape of a report for one company and viewer, on the deployment at publicUrl (PUBLIC_URL:
 * the share link is absolute). */
export function presentReport(row: ReportRow, viewer: Viewer, publicUrl: string): Report {
  const listed = presentListItem(row, viewer);
  const g = row.gathering;
  // The row's fields spread last: spread first, V8 copied them into an object that then grew by 60
  // properties one by one into a slow dictionary object (4× the time of the whole list, mostly GC).
  return {
    closingKind: row.closing_kind,
    repeatedOf: row.repeated_of,
    initialType: row.initial_type_id,
    observations: row.observations,
    datetimeTtl: listed.dueDate,
    timezone: row.timezone,
    filesMedia: row.media as Media[],
    likes: row.likes_count,
    dislikes: row.dislikes_count,
    abuseCounter: row.abuse_counter,
    notesCount: row.notes_count,
    isCreatedByCompany: row.created_by_company_id !== null,
    informerType: row.informer_type,
    contact: row.contact,
    source: row.source,
    user: presentReporter(row),
    notifyNeighbours: row.notify_neighbours,
    notificationNeighboursWasCanceled: row.notification_neighbours_was_canceled,
    assignedTeam: row.assigned_team,
    assignedPatrol: row.assigned_patrol,
    operatorWhoClosedReport: row.closer,
    closedAt: iso(row.closed_at),
    userFollowerIds: row.follower_ids,
    tagsUuids: row.tags.map((t) => t.uuid),
    deletedBy: row.deleted_by,
    assetId: row.asset_id,
    assetCategoryName: row.asset_category_name,
    asset: row.asset,
    workflow: row.workflow,
    sectionsUsers: row.sections_users,
    optionalCode: row.optional_code,
    extraInfo: row.extra_info,
    // Issue 17: the review, the gathering (SPEC §3 isActive, isCompleted, startedAt, completedAt:
    // active while it waits for the reporter's answers) and the rest of the flags.
    review: row.review,
    gathering: g && {
      id: g.id,
      isActive: g.completedAt === null,
      isCompleted: g.completedAt !== null,
      startedAt: iso(new Date(g.startedAt))!,
      completedAt: g.completedAt === null ? null : iso(new Date(g.completedAt)),
      formTemplateId: g.formTemplateId,
      questions: g.questions,
      answers: g.answers,
      form: g.form,
      formValues: g.formValues,
    },
    ratingBody: row.rating_body,
    turnOffComments: row.turn_off_comments,
    edited: row.edited,
    ...presentSpecFields(row, publicUrl),
    ...listed,
  };
}

/** Issue 32's SPEC §3 names: aliases and facts derived from the row (the shared schema says each one's
 * meaning). Nothing here reads more than the row. */
function presentSpecFields(row: ReportRow, publicUrl: string): Pick<Report, keyof typeof reportSpecFields> {
  const closed = row.status === "solved" || row.status === "false";
  const worked = row.status !== "pending" || row.review === "approved";
  const caller = row.contact && (row.contact.firstName || row.contact.lastName || row.contact.phone) ? row.contact : null;
  const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ") || null;
  return {
    eventId: row.id,
    datetime_ttl: iso(row.due_date),
    report_followup_id: row.followup_id,
    isOpen: !closed,
    confirmed: worked && row.status !== "false" && row.closing_kind !== "repeated",
    visible: row.status !== "false" && row.deleted_at === null,
    categoryId: reportTypeById(row.type_id)?.category_id ?? null,
    code: row.uuid.slice(0, 8),
    shareUrl: row.private_anywhere ? null : shareUrlOf(publicUrl, row.uuid),
    sharesCounter: row.shares_counter,
    imageUrl: (row.media as Media[]).find((m) => m.mime.startsWith("image/") && m.status !== "failed")?.url ?? null,
    location: { type: "Point", coordinates: [row.longitude, row.latitude] },
    userId: row.author?.id ?? null,
    name: caller ? fullName(caller.firstName, caller.lastName) : row.author ? fullName(row.author.firstName, row.author.lastName) : null,
    phone: caller ? caller.phone : (row.author?.phone ?? null),
    teams: row.assigned_team ? [row.assigned_team] : [],
    userWhoClosedReport: row.closer,
  };
}

/** The reporter's account as the company sees it: the e-mail only for companies in SPEC §6's
 * "showing user emails" gate (company_gates), never for any other. */
function presentReporter(row: ReportRow): Report["user"] {
  if (!row.author) return null;
  const { email, ...reporter } = row.author;
  return row.gate_show_user_emails && email ? { ...reporter, email } : reporter;
}

/** Events carry the report as any operator of the company sees it; each browser refines `can` itself. */
export const EVENT_VIEWER: Viewer = { role: "operator", userId: null };

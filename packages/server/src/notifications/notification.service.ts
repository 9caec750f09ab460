import type { Notification, NotificationKind } from "@atalaya/shared";
import { resolveScopeOrDefault, type Actor } from "../auth/access.js";
import { loadRestrictionsOf, maySee, type ReportAudience } from "../auth/restrictions.js";
import type { AppContext } from "../context.js";
import type { Db, Tx } from "../db/db.js";
import { notFound } from "../http/errors.js";
import type { EventBus } from "../realtime/bus.js";
import { queuePush } from "../push/index.js";
import { findMentions } from "./mentions.js";
import {
  countUnread,
  followerIds,
  insertNotifications,
  listNotifications,
  markAllRead,
  markRead,
  mentionCandidates,
  teamWithMembers,
  type NewNotification,
  type StoredNotification,
} from "./notification.repository.js";

export type { NewNotification, StoredNotification } from "./notification.repository.js";

/** What a notification about a report says of it. */
export interface ReportFacts {
  companyId: number;
  reportId: number;
  title: string | null;
  typeId: number;
  /** Who may see the report (its zones, type, assignee): a recipient whose restrictions hide it gets nothing. */
  audience: ReportAudience;
}

/** Stores notifications inside the caller's transaction, keeping only those worth sending: never to the
 * one who caused them, only to members of the company, and, about a report, only to those whose zone,
 * type and only-assigned restrictions let them see it. Publish what it returns after the commit
 * (`publishNotifications`). */
export async function recordNotifications(tx: Tx, list: readonly NewNotification[], audience?: ReportAudience): Promise<StoredNotification[]> {
  const wanted = list.filter((n) => n.userId !== n.actorUserId);
  if (wanted.length === 0) return [];
  const kept: NewNotification[] = [];
  for (const companyId of new Set(wanted.map((n) => n.companyId))) {
    const ofCompany = wanted.filter((n) => n.companyId === companyId);
    const restrictions = await loadRestrictionsOf(tx, companyId, [...new Set(ofCompany.map((n) => n.userId))]);
    for (const n of ofCompany) {
      const r = restrictions.get(n.userId);
      if (r && (!audience || maySee(r, audience))) kept.push(n);
    }
  }
  const stored = await insertNotifications(tx, kept);
  // Browser push (issue 15): a job sends each to its recipient's browsers after the commit.
  await queuePush(tx, stored);
  return stored;
}

/** Sends each stored notification live to its recipient's sockets only (the hub delivers a message with
 * a recipient to that user of that company and nobody else), across processes through the bus. A lost
 * publish is not lost data: the bell reads the list again when it reconnects. */
export async function publishNotifications(bus: EventBus, list: readonly StoredNotification[], onError?: (err: unknown) => void): Promise<void> {
  for (const { userId, ...notification } of list) {
    await bus
      .publish({ type: "notification", seq: 0, companyId: notification.companyId, data: { notification }, recipientUserId: userId })
      .catch((err: unknown) => onError?.(err));
  }
}

/** For any domain: notifies users now (own transaction, then live delivery), e.g. an upgrade request
 * answered. Without a report, only membership filters the recipients. */
export async function notify(
  deps: { db: Db; bus: EventBus },
  list: readonly NewNotification[],
  audience?: ReportAudience,
): Promise<StoredNotification[]> {
  const stored = await deps.db.transaction((tx) => recordNotifications(tx, list, audience));
  await publishNotifications(deps.bus, stored);
  return stored;
}

const reportData = (report: ReportFacts) => ({ reportTitle: report.title, reportType: report.typeId });

/** A report was assigned to a user and/or a team: the user, and every member of the team, are told. */
export async function notifyAssignment(
  tx: Tx,
  report: ReportFacts,
  actorUserId: number,
  assigned: { userId?: number | null; teamId?: number | null },
): Promise<StoredNotification[]> {
  const list: NewNotification[] = [];
  const base = { companyId: report.companyId, reportId: report.reportId, actorUserId };
  if (assigned.userId) list.push({ ...base, userId: assigned.userId, kind: "assigned", data: reportData(report) });
  if (assigned.teamId) {
    const team = await teamWithMembers(tx, report.companyId, assigned.teamId);
    for (const userId of team?.memberIds ?? [])
      if (userId !== assigned.userId) list.push({ ...base, userId, kind: "teamAssigned", data: { ...reportData(report), teamName: team!.name } });
  }
  return recordNotifications(tx, list, report.audience);
}

/** Stores one notification of `kind` about the report for each user (once each), with the report's facts
 * in its data beside `extra`; the shared end of the report notifications below. */
function notifyAbout(
  tx: Tx,
  report: ReportFacts,
  userIds: readonly number[],
  actorUserId: number | null,
  kind: NotificationKind,
  extra: Notification["data"] = {},
): Promise<StoredNotification[]> {
  const data = { ...reportData(report), ...extra };
  const list = [...new Set(userIds)].map((userId) => ({ userId, companyId: report.companyId, reportId: report.reportId, actorUserId, kind, data }));
  return recordNotifications(tx, list, report.audience);
}

const excerptOf = (text: string) => (text.length > 140 ? `${text.slice(0, 139)}…` : text);

/** The members a note mentions (see mentions.ts) are told, with the start of the note. */
export async function notifyMentions(tx: Tx, report: ReportFacts, actorUserId: number, body: string): Promise<StoredNotification[]> {
  const mentioned = findMentions(body, await mentionCandidates(tx, report.companyId));
  return notifyAbout(tx, report, mentioned, actorUserId, "mention", { excerpt: excerptOf(body) });
}

/** The company's followers of a report are told of a comment (with its start), a new status, or other changes (named by field). */
export async function notifyFollowers(
  tx: Tx,
  report: ReportFacts,
  actorUserId: number | null,
  change:
    | { kind: Extract<NotificationKind, "followedComment">; excerpt: string }
    | { kind: Extract<NotificationKind, "followedStatus">; status: string }
    | { kind: Extract<NotificationKind, "followedUpdate">; changes: string[] },
): Promise<StoredNotification[]> {
  const followers = await followerIds(tx, report.companyId, report.reportId);
  const extra =
    change.kind === "followedComment"
      ? { excerpt: excerptOf(change.excerpt) }
      : change.kind === "followedStatus"
        ? { status: change.status }
        : { changes: change.changes };
  return notifyAbout(tx, report, followers, actorUserId, change.kind, extra);
}

/** The reporter answered a gathering: the operator who asked and the report's assignee are told (a form's
 * answers name the form). The reporter is no actor: an app user is no member, and may be anonymous. */
export async function notifyGatheringAnswered(tx: Tx, report: ReportFacts, recipientIds: readonly number[], formTitle: string | null): Promise<StoredNotification[]> {
  return notifyAbout(tx, report, recipientIds, null, "gatheringAnswered", { title: formTitle });
}

/** A report was held for review: its reviewers are told (restricted ones only of what their zones and
 * types would show them once approved). No actor: it came from the reporter app. */
export async function notifyReviewWaiting(tx: Tx, report: ReportFacts, reviewerIds: readonly number[]): Promise<StoredNotification[]> {
  return notifyAbout(tx, report, reviewerIds, null, "reviewWaiting");
}

const strip = ({ userId: _userId, ...notification }: StoredNotification): Notification => notification;

/** The caller's notifications of a company they belong to (default: their first), newest first, with
 * the unread count. Another company's id answers 404. */
export async function myNotifications(
  ctx: AppContext,
  actor: Actor,
  q: { companyId?: number; page: number; pageSize: number; unread?: "true" | "false" },
): Promise<{ notifications: Notification[]; total: number; unread: number }> {
  const { companyId } = await resolveScopeOrDefault(ctx.db, actor, q.companyId, "company.read");
  const userId = actor.user.id;
  const [page, unread] = await Promise.all([
    listNotifications(ctx.db, userId, companyId, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize, unreadOnly: q.unread === "true" }),
    countUnread(ctx.db, userId, companyId),
  ]);
  return { notifications: page.notifications.map(strip), total: page.total, unread };
}

/** The caller's unread count in a company they belong to. */
export async function myUnreadCount(ctx: AppContext, actor: Actor, companyId: number | undefined): Promise<number> {
  const scope = await resolveScopeOrDefault(ctx.db, actor, companyId, "company.read");
  return countUnread(ctx.db, actor.user.id, scope.companyId);
}

/** Marks one of the caller's notifications read; someone else's answers 404, as a missing one does. */
export async function readNotification(ctx: AppContext, actor: Actor, id: number): Promise<{ notification: Notification; unread: number }> {
  const row = await markRead(ctx.db, actor.user.id, id);
  if (!row) throw notFound();
  return { notification: strip(row), unread: await countUnread(ctx.db, actor.user.id, row.companyId) };
}

/** Marks all the caller's notifications of a company read. */
export async function readAllNotifications(ctx: AppContext, actor: Actor, companyId: number | undefined): Promise<{ updated: number; unread: number }> {
  const scope = await resolveScopeOrDefault(ctx.db, actor, companyId, "company.read");
  const updated = await markAllRead(ctx.db, actor.user.id, scope.companyId);
  return { updated, unread: await countUnread(ctx.db, actor.user.id, scope.companyId) };
}

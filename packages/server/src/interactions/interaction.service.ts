import {
  COMMENT_ATTACHMENT_KINDS,
  COMMENT_FLAGS_TO_HIDE,
  IMAGE_KINDS,
  isImageMedia,
  MAX_REPORT_MEDIA,
  MEDIA_KINDS,
  type AppReport,
  type Comment,
  type CommentBody,
  type EventType,
  type GalleryItem,
  type Media,
  type Note,
  type Person,
} from "@atalaya/shared";
import { requireVisibleReport, systemScope, type Actor, type CompanyScope, type TenantScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import type { Db, Tx } from "../db/db.js";
import { checkUpload, fileStoreOf, insertStoredFile, withStoredFile, type CheckedUpload, type RawUpload, type UploadForm } from "../files/index.js";
import { AppError, forbidden, invalidField, notFound } from "../http/errors.js";
import { changeWithEvents, type Emit } from "../realtime/publish.js";
import { notifyFollowers, notifyMentions, publishNotifications, type StoredNotification } from "../notifications/index.js";
import { attendingAudiences, attendingCompanies, audienceOf, EVENT_VIEWER, findReport, presentReport, recordReportActivity, type ReportRow } from "../reports/index.js";
import {
  appendReportMedia,
  castVote,
  countAppFollowers,
  editComment,
  editNote,
  findComment,
  findNote,
  findPublicReport,
  findPublicReportById,
  flagComment,
  insertComment,
  insertNote,
  isAppFollowing,
  listComments,
  listFollowers,
  listIncomingComments,
  listGallery,
  listNotes,
  lockReport,
  markDeletedByAuthor,
  setAppFollowing,
  setFollowing,
  voteOf,
  type CommentRow,
  type PublicReportRow,
} from "./interaction.repository.js";
import { presentAppReport, presentComment, presentGalleryItem, presentNote } from "./interaction.presenter.js";

/** A comment or note as sent: its validated body and, maybe, one file not yet checked. */
export interface TextWithFile {
  data: CommentBody;
  file: RawUpload | null;
}
/** Reads the request body; services call it only once the caller may act, so strangers' uploads are never buffered. */
export type ReadInput<T> = () => Promise<T>;

const deletedByAuthor = () => new AppError(409, "invalidTransition", "deletedByAuthor");
const commentsTurnedOff = () => new AppError(409, "commentsTurnedOff", "commentsTurnedOff");

/** The scope's view of a report, or 404 (another company's report, or one outside the scope's
 * restrictions, looks missing). */
async function companyReport(db: Tx, scope: TenantScope, reportId: number): Promise<ReportRow> {
  const row = await findReport(db, scope, reportId);
  if (!row) throw notFound();
  return row;
}

/** Sends the report as the company now sees it (read inside the transaction, so it is what commits). */
async function emitReportUpdate(tx: Tx, emit: Emit, publicUrl: string, company: TenantScope, reportId: number): Promise<ReportRow | undefined> {
  const row = await findReport(tx, company, reportId);
  if (row) await emit(company.companyId, "updateReport", { report: presentReport(row, EVENT_VIEWER, publicUrl) }, audienceOf(row));
  return row;
}

/** Tells every company attending the report: logs the action in each, then emits the event built for
 * it, with the audience of the report as that company sees it. */
async function tellAttending(
  tx: Tx,
  emit: Emit,
  reportId: number,
  log: { userId: number | null; action: string; data?: Record<string, unknown> },
  event: (company: TenantScope) => { type: EventType; data: Record<string, unknown> },
): Promise<void> {
  for (const { company, audience } of await attendingAudiences(tx, reportId)) {
    await recordReportActivity(tx, company, reportId, log.userId, log.action, log.data ?? {});
    const e = event(company);
    await emit(company.companyId, e.type, e.data, audience);
  }
}

/** Writes a comment for every attending company to see: one transaction stores it (and its file),
 * logs it and announces it; a repeat of the same text by the same author returns the first one. */
async function writeComment(
  ctx: AppContext,
  c: { reportId: number; userId: number; companyId: number | null; body: string; upload: CheckedUpload | null },
): Promise<{ row: CommentRow; created: boolean }> {
  const notifications: StoredNotification[] = [];
  const written = await withStoredFile<{ row: CommentRow; created: boolean }>(fileStoreOf(ctx.config), c.upload, (file) =>
    changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
      // Waits for a deletion by the author in flight, and sees it once committed.
      const lock = await lockReport(tx, c.reportId, "share");
      if (!lock) throw notFound();
      if (lock.deleted) throw deletedByAuthor();
      // Checked under the lock: a comment racing the operator who closes the report waits for it.
      if (c.companyId === null && lock.commentsOff) throw commentsTurnedOff();
      const { id, created } = await insertComment(tx, {
        reportId: c.reportId,
        userId: c.userId,
        companyId: c.companyId,
        body: c.body,
        media: file ? [file.media] : [],
      });
      const row = (await findComment(tx, id))!;
      if (!created) return { value: { row, created }, fileUsed: false };
      if (file) await insertStoredFile(tx, file, { kind: "comment", reportId: c.reportId, commentId: id });
      const type = c.companyId === null ? "incomingComment" : "newComment";
      await tellAttending(
        tx,
        emit,
        c.reportId,
        { userId: c.userId, action: "commented", data: { commentId: id, ...(c.companyId === null ? { source: "app" } : { companyId: c.companyId }) } },
        (company) => ({ type, data: { reportId: c.reportId, comment: presentComment(row, { companyId: company.companyId }) } }),
      );
      // Each attending company's followers of the report hear of the comment (issue 12).
      for (const { company, audience } of await attendingAudiences(tx, c.reportId)) {
        const report = await findReport(tx, company, c.reportId);
        if (!report) continue;
        const facts = { companyId: company.companyId, reportId: c.reportId, title: report.title, typeId: report.type_id, audience };
        notifications.push(...(await notifyFollowers(tx, facts, c.userId, { kind: "followedComment", excerpt: c.body })));
      }
      return { value: { row, created }, fileUsed: file !== null };
    }),
  );
  await publishNotifications(ctx.bus, notifications);
  return written;
}

/** Records a vote and tells every attending company the new counters (`like` or `dislike` after the value sent). */
async function vote(ctx: AppContext, reportId: number, userId: number, value: 1 | -1, source: Record<string, unknown>) {
  return changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const lock = await lockReport(tx, reportId, "update");
    if (!lock) throw notFound();
    if (lock.deleted) throw deletedByAuthor();
    const result = await castVote(tx, reportId, userId, value);
    await tellAttending(tx, emit, reportId, { userId, action: "liked", data: { value, vote: result.vote, ...source } }, () => ({
      type: value === 1 ? "like" : "dislike",
      data: { reportId, likes: result.likes, dislikes: result.dislikes },
    }));
    return result;
  });
}

// ---- Portal (operators of one company) ----

/** Every comment of the report, hidden ones included and flagged (operators see what the community hid). */
export async function listReportComments(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<Comment[]> {
  await requireVisibleReport(ctx.db, scope, reportId);
  const rows = await listComments(ctx.db, reportId, { includeHidden: true });
  return rows.map((r) => presentComment(r, { companyId: scope.companyId }));
}

/** The community's latest comments on the organisation's reports (the events panel's incoming comments
 * drawer, so it survives a reload), newest first, within the scope's restrictions. */
export async function incomingComments(ctx: AppContext, scope: CompanyScope, limit: number): Promise<Comment[]> {
  const rows = await listIncomingComments(ctx.db, scope, limit);
  return rows.map((r) => presentComment(r, { companyId: scope.companyId }));
}

/** An operator's public comment, optionally with one pdf, txt or audio file; refused (409) once the
 * author deleted the report. Announced to every attending company as newComment. */
export async function addOperatorComment(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
  read: ReadInput<TextWithFile>,
): Promise<{ comment: Comment; created: boolean }> {
  const report = await companyReport(ctx.db, scope, reportId);
  if (report.deleted_at) throw deletedByAuthor();
  const input = await read();
  const upload = input.file ? await checkUpload(input.file, COMMENT_ATTACHMENT_KINDS) : null;
  const { companyId } = scope;
  const { row, created } = await writeComment(ctx, { reportId, userId: scope.actor.user.id, companyId, body: input.data.body, upload });
  return { comment: presentComment(row, { companyId }), created };
}

/** The company's private notes on the report. */
export async function listReportNotes(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<Note[]> {
  await requireVisibleReport(ctx.db, scope, reportId);
  return (await listNotes(ctx.db, scope, reportId)).map(presentNote);
}

/** A private note of the company, optionally with one file of any SPEC §5 type; newNote goes to this company only. */
export async function addNote(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
  read: ReadInput<TextWithFile>,
): Promise<{ note: Note; created: boolean }> {
  await requireVisibleReport(ctx.db, scope, reportId);
  const { companyId, actor } = scope;
  const input = await read();
  const upload = input.file ? await checkUpload(input.file, MEDIA_KINDS) : null;
  const notifications: StoredNotification[] = [];
  const written = await withStoredFile<{ note: Note; created: boolean }>(fileStoreOf(ctx.config), upload, (file) =>
    changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
      const report = await companyReport(tx, scope, reportId);
      const { id, created } = await insertNote(tx, scope, { reportId, userId: actor.user.id, body: input.data.body, file: file?.media ?? null });
      const note = presentNote((await findNote(tx, scope, id))!);
      if (!created) return { value: { note, created }, fileUsed: false };
      if (file) await insertStoredFile(tx, file, { kind: "note", reportId, companyId, noteId: id });
      await recordReportActivity(tx, scope, reportId, actor.user.id, "noted", { noteId: id });
      await emit(companyId, "newNote", { reportId, note }, audienceOf(report));
      // Members the note mentions by @Full Name hear of it (issue 12; the rule is in notifications/mentions.ts).
      const facts = { companyId, reportId, title: report.title, typeId: report.type_id, audience: audienceOf(report) };
      notifications.push(...(await notifyMentions(tx, facts, actor.user.id, input.data.body)));
      return { value: { note, created }, fileUsed: file !== null };
    }),
  );
  await publishNotifications(ctx.bus, notifications);
  return written;
}

/** The operator's like (1) or dislike (-1): a new vote, a changed vote, or the same value again to withdraw it. */
export async function likeAsOperator(ctx: AppContext, scope: CompanyScope, reportId: number, value: 1 | -1) {
  const report = await companyReport(ctx.db, scope, reportId);
  if (report.deleted_at) throw deletedByAuthor();
  return vote(ctx, reportId, scope.actor.user.id, value, { companyId: scope.companyId });
}

/** Who of the company follows the report, whether the caller does, and how many community users do. */
export async function reportFollowers(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
): Promise<{ following: boolean; followers: Person[]; communityFollowers: number }> {
  await requireVisibleReport(ctx.db, scope, reportId);
  const [followers, communityFollowers] = await Promise.all([listFollowers(ctx.db, scope, reportId), countAppFollowers(ctx.db, reportId)]);
  return { following: followers.some((f) => f.id === scope.actor.user.id), followers, communityFollowers };
}

/** Follows or unfollows for the operator (idempotent); a change is logged and sent as updateReport to the company. */
export async function followAsOperator(ctx: AppContext, scope: CompanyScope, reportId: number, follow: boolean) {
  await requireVisibleReport(ctx.db, scope, reportId);
  const userId = scope.actor.user.id;
  await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    await companyReport(tx, scope, reportId);
    if (!(await setFollowing(tx, scope, reportId, userId, follow))) return;
    await recordReportActivity(tx, scope, reportId, userId, follow ? "followed" : "unfollowed");
    await emitReportUpdate(tx, emit, ctx.config.publicUrl, systemScope(scope.companyId), reportId);
  });
  return reportFollowers(ctx, scope, reportId);
}

/** Files of the report's comments, newest first (hidden comments' files flagged). */
export async function reportGallery(ctx: AppContext, scope: CompanyScope, reportId: number): Promise<GalleryItem[]> {
  await requireVisibleReport(ctx.db, scope, reportId);
  return (await listGallery(ctx.db, reportId)).map(presentGalleryItem);
}

// ---- Community app ----

/** Whether the caller may see the report in the app: anyone when public, its author while not deleted. */
export function visibleInApp(row: PublicReportRow, actor: Actor | null): boolean {
  const mine = actor !== null && row.user_id === actor.user.id;
  return row.is_public || (mine && row.deleted_at === null);
}

/** Whether the app shows the report with this id to the caller (the rule files of the report follow). */
export async function reportVisibleInApp(db: Db, reportId: number, actor: Actor | null): Promise<boolean> {
  const row = await findPublicReportById(db, reportId);
  return !!row && visibleInApp(row, actor);
}

async function appReport(db: Db, actor: Actor | null, uuid: string): Promise<PublicReportRow> {
  const row = await findPublicReport(db, uuid);
  if (!row || !visibleInApp(row, actor)) throw notFound();
  return row;
}

/** The report as the app shows it: shared facts, media and the visible (not hidden) comments. */
export async function getAppReport(ctx: AppContext, actor: Actor | null, uuid: string): Promise<AppReport> {
  const row = await appReport(ctx.db, actor, uuid);
  const userId = actor?.user.id ?? null;
  const [comments, myVote, following] = await Promise.all([
    listComments(ctx.db, row.id, { includeHidden: false }),
    userId === null ? null : voteOf(ctx.db, row.id, userId),
    userId === null ? false : isAppFollowing(ctx.db, row.id, userId),
  ]);
  return presentAppReport(
    row,
    comments.map((c) => presentComment(c, "app")),
    { userId, vote: myVote, following },
  );
}

/** A community comment (pdf, txt or audio attachment allowed); incomingComment to every attending company. */
export async function addAppComment(ctx: AppContext, actor: Actor, uuid: string, read: ReadInput<TextWithFile>) {
  const report = await appReport(ctx.db, actor, uuid);
  // Refused before the body is read: no upload is buffered for a report closed to comments.
  if (report.turn_off_comments) throw commentsTurnedOff();
  const input = await read();
  const upload = input.file ? await checkUpload(input.file, COMMENT_ATTACHMENT_KINDS) : null;
  const { row, created } = await writeComment(ctx, { reportId: report.id, userId: actor.user.id, companyId: null, body: input.data.body, upload });
  return { comment: presentComment(row, "app"), created };
}

/** A community user's like or dislike, with the same toggling as an operator's. */
export async function likeAsCommunity(ctx: AppContext, actor: Actor, uuid: string, value: 1 | -1) {
  const report = await appReport(ctx.db, actor, uuid);
  return vote(ctx, report.id, actor.user.id, value, { source: "app" });
}

/** Follows or unfollows for a community user (idempotent; a change is logged in every attending company). */
export async function followAsCommunity(ctx: AppContext, actor: Actor, uuid: string, follow: boolean): Promise<{ following: boolean }> {
  const row = await findPublicReport(ctx.db, uuid);
  // Unfollowing stays possible once the report is no longer shown.
  if (!row || (follow && !visibleInApp(row, actor))) throw notFound();
  await changeWithEvents(ctx.db, ctx.bus, async (tx) => {
    if (!(await setAppFollowing(tx, row.id, actor.user.id, follow))) return;
    for (const company of await attendingCompanies(tx, row.id))
      await recordReportActivity(tx, company, row.id, actor.user.id, follow ? "followed" : "unfollowed", { source: "app" });
  });
  return { following: follow };
}

/** Adds a file (any SPEC §5 type) to the author's report; mediaStatus with the whole list goes to every
 * attending company. Only the author may, and only while the report holds fewer than MAX_REPORT_MEDIA files. */
export async function addReportMedia(ctx: AppContext, actor: Actor, uuid: string, read: ReadInput<UploadForm>): Promise<Media[]> {
  const report = await appReport(ctx.db, actor, uuid);
  if (report.user_id !== actor.user.id) throw forbidden();
  if (report.media.length >= MAX_REPORT_MEDIA) throw invalidField("file", "tooManyFiles");
  const form = await read();
  if (!form.file) throw invalidField("file", "required");
  const upload = await checkUpload(form.file, MEDIA_KINDS);
  return withStoredFile(fileStoreOf(ctx.config), upload, (file) =>
    changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
      const lock = await lockReport(tx, report.id, "update");
      if (!lock || lock.deleted) throw notFound();
      const media = await appendReportMedia(tx, report.id, file!.media, MAX_REPORT_MEDIA);
      if (!media) throw invalidField("file", "tooManyFiles");
      await insertStoredFile(tx, file!, { kind: "report", reportId: report.id });
      await tellAttending(tx, emit, report.id, { userId: actor.user.id, action: "media_added", data: { name: file!.name, mime: file!.mime } }, () => ({
        type: "mediaStatus",
        data: { reportId: report.id, media },
      }));
      return { value: media, fileUsed: true };
    }),
  );
}

/** 400 tooManyImages: the report holds the most images its photos field allows (SPEC §8 image upload). */
const tooManyImages = (max: number) => new AppError(400, "tooManyImages", "tooManyImages", [{ field: "file", code: "tooManyImages" }], undefined, { max });

/** An operator adds one image to a report they work on (the detail's photos field): JPEG or PNG only,
 * judged by content (else 400 invalidFileType), at most MAX_UPLOAD_MB (400 fileTooLarge) and while the
 * report holds fewer than MAX_REPORT_IMAGES images (400 tooManyImages); every attending company is told. */
export async function addReportImage(ctx: AppContext, scope: CompanyScope, reportId: number, read: ReadInput<UploadForm>): Promise<Media[]> {
  const report = await companyReport(ctx.db, scope, reportId);
  if (report.deleted_at) throw deletedByAuthor();
  if (report.status !== "in_progress" && report.status !== "in_observation") throw new AppError(409, "invalidTransition", "notTaken");
  const maxImages = ctx.config.maxReportImages;
  if ((report.media as Media[]).filter(isImageMedia).length >= maxImages) throw tooManyImages(maxImages);
  const form = await read();
  if (!form.file) throw invalidField("file", "required");
  const upload = await checkUpload(form.file, IMAGE_KINDS);
  return withStoredFile(fileStoreOf(ctx.config), upload, (file) =>
    changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
      const lock = await lockReport(tx, reportId, "update");
      if (!lock || lock.deleted) throw notFound();
      const media = await appendReportMedia(tx, reportId, file!.media, MAX_REPORT_MEDIA, maxImages);
      // Another image, or file, landed meanwhile.
      if (!media) throw report.media.length + 1 >= MAX_REPORT_MEDIA ? invalidField("file", "tooManyFiles") : tooManyImages(maxImages);
      await insertStoredFile(tx, file!, { kind: "report", reportId });
      await tellAttending(tx, emit, reportId, { userId: scope.actor.user.id, action: "media_added", data: { name: file!.name, mime: file!.mime } }, () => ({
        type: "mediaStatus",
        data: { reportId, media },
      }));
      return { value: media, fileUsed: true };
    }),
  );
}

/** The author deletes their report: operators then see in_deleting_progress and may only close it.
 * Every attending company gets updateReport; repeating the call changes nothing. */
export async function deleteOwnReport(ctx: AppContext, actor: Actor, uuid: string): Promise<void> {
  const row = await findPublicReport(ctx.db, uuid);
  if (!row) throw notFound();
  if (row.user_id !== actor.user.id) throw visibleInApp(row, actor) ? forbidden() : notFound();
  await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    if (!(await markDeletedByAuthor(tx, row.id))) return;
    for (const company of await attendingCompanies(tx, row.id)) {
      await recordReportActivity(tx, company, row.id, actor.user.id, "deleted_by_author");
      await emitReportUpdate(tx, emit, ctx.config.publicUrl, company, row.id);
    }
  });
}

/** A community user flags a comment; from COMMENT_FLAGS_TO_HIDE distinct users on it is hidden from the
 * app (operators still see it, flagged) and every attending company gets the report's new counters. */
export async function flagCommentAsCommunity(ctx: AppContext, actor: Actor, commentId: number): Promise<void> {
  const comment = await findComment(ctx.db, commentId);
  if (!comment || comment.hidden) throw notFound();
  const report = await findPublicReportById(ctx.db, comment.report_id);
  if (!report || !visibleInApp(report, actor)) throw notFound();
  if (comment.company_id === null && comment.user_id === actor.user.id) throw invalidField("id", "ownComment");
  await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    if (!(await flagComment(tx, commentId, actor.user.id, COMMENT_FLAGS_TO_HIDE))) return;
    for (const company of await attendingCompanies(tx, report.id)) {
      await recordReportActivity(tx, company, report.id, null, "comment_hidden", { commentId });
      await emitReportUpdate(tx, emit, ctx.config.publicUrl, company, report.id);
    }
  });
}

type EditOutcome = Awaited<ReturnType<typeof editComment>>;

/** The answer of an edit that did not happen: 404 for a comment or note the report does not have, 403
 * for someone else's, 409 duplicateText when the author already wrote that text on the report. */
function refuseEdit(outcome: EditOutcome): void {
  if (outcome === "missing") throw notFound();
  if (outcome === "notAuthor") throw forbidden();
  if (outcome === "duplicate") throw new AppError(409, "conflict", "duplicateText");
}

/** The author edits their own comment on the report (issue 17 edited): the text changes, the comment is
 * marked edited with the time, every attending company gets it again (newComment with the same id, which
 * the portal replaces) and the report's update (its edited flag). Not once its author deleted the report. */
export async function editOperatorComment(ctx: AppContext, scope: CompanyScope, reportId: number, commentId: number, body: string): Promise<Comment> {
  const report = await companyReport(ctx.db, scope, reportId);
  if (report.deleted_at) throw deletedByAuthor();
  const row = await changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const lock = await lockReport(tx, reportId, "share");
    if (!lock) throw notFound();
    if (lock.deleted) throw deletedByAuthor();
    const outcome = await editComment(tx, { reportId, commentId, userId: scope.actor.user.id, companyId: scope.companyId, body });
    refuseEdit(outcome);
    const edited = (await findComment(tx, commentId))!;
    if (outcome === "unchanged") return edited;
    await tellAttending(tx, emit, reportId, { userId: scope.actor.user.id, action: "commentEdited", data: { commentId } }, (company) => ({
      type: "newComment",
      data: { reportId, comment: presentComment(edited, { companyId: company.companyId }) },
    }));
    for (const company of await attendingCompanies(tx, reportId)) await emitReportUpdate(tx, emit, ctx.config.publicUrl, company, reportId);
    return edited;
  });
  return presentComment(row, { companyId: scope.companyId });
}

/** The author edits their own private note (issue 17 edited): marked edited with the time; this company's
 * members get it again (newNote with the same id) and the report's update. */
export async function editOwnNote(ctx: AppContext, scope: CompanyScope, reportId: number, noteId: number, body: string): Promise<Note> {
  await requireVisibleReport(ctx.db, scope, reportId);
  return changeWithEvents(ctx.db, ctx.bus, async (tx, emit) => {
    const outcome = await editNote(tx, scope, { reportId, noteId, userId: scope.actor.user.id, body });
    refuseEdit(outcome);
    const note = presentNote((await findNote(tx, scope, noteId))!);
    if (outcome === "unchanged") return note;
    const report = await companyReport(tx, scope, reportId);
    await recordReportActivity(tx, scope, reportId, scope.actor.user.id, "noteEdited", { noteId });
    await emit(scope.companyId, "newNote", { reportId, note }, audienceOf(report));
    await emitReportUpdate(tx, emit, ctx.config.publicUrl, systemScope(scope.companyId), reportId);
    return note;
  });
}

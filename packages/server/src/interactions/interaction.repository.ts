import type { Media, Person } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import { commentSelect, type CommentRow } from "../reports/index.js";
// The comment primitives are the report domain's (a closure posts its comment with them).
export { commentSelect, findComment, insertComment, lockReport, type CommentRow } from "../reports/index.js";

// Comments, likes and community follows belong to the shared report (every attending company sees
// them); notes and operator follows are one company's and are always filtered by company_id.

const COMMENT_SELECT = commentSelect();

/** Comments of a report, oldest first; hidden ones only when asked (operators see them flagged). */
export function listComments(db: Db, reportId: number, opts: { includeHidden: boolean }): Promise<CommentRow[]> {
  return db.query<CommentRow>(`${COMMENT_SELECT} where c.report_id = $1 and ($2::boolean or not c.hidden) order by c.id`, [
    reportId,
    opts.includeHidden,
  ]);
}

/** The community's latest visible comments on the reports the scope may see (the company attends them,
 * within its restrictions and not deleted for it), newest first. */
export function listIncomingComments(db: Db, scope: TenantScope, limit: number): Promise<CommentRow[]> {
  const params: unknown[] = [scope.companyId];
  const restricted = restrictionWhere(scope.restrictions, params);
  params.push(limit);
  return db.query<CommentRow>(
    `${COMMENT_SELECT}
      join report_attentions a on a.report_id = c.report_id and a.company_id = $1 and a.deleted_at is null
     where c.company_id is null and not c.hidden${restricted}
     order by c.id desc limit $${params.length}`,
    params,
  );
}

/** Records a community user's flag on a comment (once per user) and hides the comment when enough
 * distinct users flagged it. Returns whether this call hid it. The comment row is locked first so two
 * simultaneous flags both count. */
export async function flagComment(tx: Tx, commentId: number, userId: number, threshold: number): Promise<boolean> {
  await tx.query("select id from comments where id = $1 for update", [commentId]);
  await tx.query("insert into comment_flags (comment_id, user_id) values ($1, $2) on conflict do nothing", [commentId, userId]);
  const hidden = await tx.query(
    `update comments set hidden = true, updated_at = now()
      where id = $1 and not hidden and (select count(*) from comment_flags where comment_id = $1) >= $2
      returning id`,
    [commentId, threshold],
  );
  return hidden.length === 1;
}

/** Files attached to the report's comments, newest first. */
export function listGallery(db: Db, reportId: number): Promise<(Media & { commentId: number; hidden: boolean; created_at: Date })[]> {
  return db.query(
    `select m.value->>'name' as name, m.value->>'url' as url, m.value->>'mime' as mime, (m.value->>'size')::int as size,
            m.value->>'status' as status, m.value->>'originalName' as "originalName",
            c.id as "commentId", c.hidden, c.created_at
       from comments c cross join lateral jsonb_array_elements(c.media) with ordinality m
      where c.report_id = $1
      order by c.id desc, m.ordinality`,
    [reportId],
  );
}

export type NoteRow = Pick<Tables["notes"], "id" | "uuid" | "report_id" | "body" | "file" | "created_at" | "edited_at"> & {
  file: Media | null;
  user: { id: number; name: string };
};

const NOTE_SELECT = `
select n.id, n.uuid::text as uuid, n.report_id, n.body, n.file, n.created_at, n.edited_at,
       json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name)) as user
  from notes n join users u on u.id = n.user_id`;

/** The company's notes on a report, oldest first. */
export function listNotes(db: Db, scope: TenantScope, reportId: number): Promise<NoteRow[]> {
  return db.query<NoteRow>(`${NOTE_SELECT} where n.company_id = $1 and n.report_id = $2 order by n.id`, [scope.companyId, reportId]);
}

/** One note of the company. */
export function findNote(db: Tx, scope: TenantScope, noteId: number): Promise<NoteRow | undefined> {
  return one<NoteRow>(db, `${NOTE_SELECT} where n.company_id = $1 and n.id = $2`, [scope.companyId, noteId]);
}

/** Adds a note unless the same author already wrote the same text on the report in this company. */
export async function insertNote(
  tx: Tx,
  scope: TenantScope,
  n: { reportId: number; userId: number; body: string; file: Media | null },
): Promise<{ id: number; created: boolean }> {
  const inserted = await one<{ id: number }>(
    tx,
    `insert into notes (company_id, report_id, user_id, body, file) values ($1, $2, $3, $4, $5)
     on conflict (company_id, report_id, user_id, (md5(body))) do nothing
     returning id`,
    [scope.companyId, n.reportId, n.userId, n.body, n.file ? JSON.stringify(n.file) : null],
  );
  if (inserted) return { id: inserted.id, created: true };
  const existing = await one<{ id: number }>(
    tx,
    "select id from notes where company_id = $1 and report_id = $2 and user_id = $3 and md5(body) = md5($4)",
    [scope.companyId, n.reportId, n.userId, n.body],
  );
  return { id: existing!.id, created: false };
}

/** Sets, changes or withdraws (same value again) a user's vote and recounts the report's counters.
 * Call it with the report row locked for update (lockReport), so concurrent votes count one by one. */
export async function castVote(
  tx: Tx,
  reportId: number,
  userId: number,
  value: 1 | -1,
): Promise<{ vote: 1 | -1 | null; likes: number; dislikes: number }> {
  const current = await one<{ value: number }>(tx, "select value from likes where report_id = $1 and user_id = $2", [reportId, userId]);
  let vote: 1 | -1 | null = value;
  if (current?.value === value) {
    await tx.query("delete from likes where report_id = $1 and user_id = $2", [reportId, userId]);
    vote = null;
  } else {
    await tx.query(
      `insert into likes (report_id, user_id, value) values ($1, $2, $3)
       on conflict (report_id, user_id) do update set value = excluded.value, created_at = now()`,
      [reportId, userId, value],
    );
  }
  const counts = await one<{ likes: number; dislikes: number }>(
    tx,
    `update reports set likes_count = (select count(*) from likes where report_id = $1 and value = 1),
                        dislikes_count = (select count(*) from likes where report_id = $1 and value = -1)
      where id = $1 returning likes_count as likes, dislikes_count as dislikes`,
    [reportId],
  );
  return { vote, likes: counts!.likes, dislikes: counts!.dislikes };
}

/** The user's vote on a report, or null. */
export async function voteOf(db: Db, reportId: number, userId: number): Promise<1 | -1 | null> {
  const row = await one<{ value: 1 | -1 }>(db, "select value from likes where report_id = $1 and user_id = $2", [reportId, userId]);
  return row?.value ?? null;
}

/** Makes the operator follow (or stop following) the report in the company; true when that changed something. */
export async function setFollowing(tx: Tx, scope: TenantScope, reportId: number, userId: number, follow: boolean): Promise<boolean> {
  const { companyId } = scope;
  const rows = follow
    ? await tx.query(
        "insert into followers (company_id, report_id, user_id) values ($1, $2, $3) on conflict do nothing returning user_id",
        [companyId, reportId, userId],
      )
    : await tx.query("delete from followers where company_id = $1 and report_id = $2 and user_id = $3 returning user_id", [
        companyId,
        reportId,
        userId,
      ]);
  return rows.length === 1;
}

/** The company's operators following the report, by name. */
export function listFollowers(db: Db, scope: TenantScope, reportId: number): Promise<Person[]> {
  return db.query<Person>(
    `select u.id, u.uuid::text as uuid, trim(u.first_name || ' ' || u.last_name) as name, u.email, u.cover
       from followers f join users u on u.id = f.user_id
      where f.company_id = $1 and f.report_id = $2
      order by name, u.id`,
    [scope.companyId, reportId],
  );
}

/** Makes a community user follow (or stop following) a report; true when that changed something. */
export async function setAppFollowing(tx: Tx, reportId: number, userId: number, follow: boolean): Promise<boolean> {
  const rows = follow
    ? await tx.query("insert into app_followers (report_id, user_id) values ($1, $2) on conflict do nothing returning user_id", [reportId, userId])
    : await tx.query("delete from app_followers where report_id = $1 and user_id = $2 returning user_id", [reportId, userId]);
  return rows.length === 1;
}

/** Whether a community user follows the report. */
export async function isAppFollowing(db: Db, reportId: number, userId: number): Promise<boolean> {
  return (await db.query("select 1 from app_followers where report_id = $1 and user_id = $2", [reportId, userId])).length === 1;
}

/** How many community users follow the report. */
export async function countAppFollowers(db: Db, reportId: number): Promise<number> {
  const row = await one<{ n: number }>(db, "select count(*)::int as n from app_followers where report_id = $1", [reportId]);
  return row?.n ?? 0;
}

/** A report as the community may see it, with who may see it (turn_off_comments: an operator closed it to
 * new community comments, issue 17). */
export type PublicReportRow = Pick<
  Tables["reports"],
  | "id"
  | "uuid"
  | "type_id"
  | "description"
  | "latitude"
  | "longitude"
  | "address"
  | "media"
  | "likes_count"
  | "dislikes_count"
  | "user_id"
  | "deleted_at"
  | "created_at"
  | "turn_off_comments"
> & {
  media: Media[];
  /** The reporter's account (left join: null for none). */
  author_uuid: Tables["users"]["uuid"] | null;
  author_first_name: Tables["users"]["first_name"] | null;
  /** The report's own flag, or an attending company's. */
  is_anonymous: boolean;
  /** Shown to anyone: a community report, not deleted, that no attending company made private. */
  is_public: boolean;
  is_open: boolean;
};

const PUBLIC_REPORT_SELECT = `
select r.id, r.uuid::text as uuid, r.type_id, r.description, r.latitude, r.longitude, r.address, r.media,
       r.likes_count, r.dislikes_count, r.user_id, u.uuid::text as author_uuid, u.first_name as author_first_name,
       (r.is_anonymous or exists (select 1 from report_attentions a where a.report_id = r.id and a.is_anonymous)) as is_anonymous,
       (r.deleted_at is null and r.created_by_company_id is null
         and not exists (select 1 from report_attentions a where a.report_id = r.id and a.is_private)) as is_public,
       (exists (select 1 from report_attentions a where a.report_id = r.id and a.status in ('pending', 'in_progress', 'in_observation'))
         or not exists (select 1 from report_attentions a where a.report_id = r.id)) as is_open,
       r.deleted_at, r.created_at, r.turn_off_comments
  from reports r left join users u on u.id = r.user_id`;

/** A report by uuid with its public-visibility facts. */
export function findPublicReport(db: Db, uuid: string): Promise<PublicReportRow | undefined> {
  return one<PublicReportRow>(db, `${PUBLIC_REPORT_SELECT} where r.uuid = $1::uuid`, [uuid]);
}

/** A report by id with its public-visibility facts. */
export function findPublicReportById(db: Db, reportId: number): Promise<PublicReportRow | undefined> {
  return one<PublicReportRow>(db, `${PUBLIC_REPORT_SELECT} where r.id = $1`, [reportId]);
}

/** Appends media to a report unless it already holds max files; the new list, or undefined when full. */
export async function appendReportMedia(tx: Tx, reportId: number, media: Media, max: number, maxImages?: number): Promise<Media[] | undefined> {
  // With maxImages, the report's JPEG and PNG files are counted too (the photos field's own limit).
  const row = await one<{ media: Media[] }>(
    tx,
    `update reports set media = media || jsonb_build_array($2::jsonb), updated_at = now()
      where id = $1 and jsonb_array_length(media) < $3
        and ($4::int is null or (select count(*) from jsonb_array_elements(media) m
                                  where m->>'mime' in ('image/jpeg', 'image/png')) < $4::int)
      returning media`,
    [reportId, JSON.stringify(media), max, maxImages ?? null],
  );
  return row?.media;
}

/** Marks the report deleted by its author and bumps every attending company's version (the operators'
 * forms change: only closing is left). False when it was already deleted. */
export async function markDeletedByAuthor(tx: Tx, reportId: number): Promise<boolean> {
  // Attentions first, then the report: the order changeReport takes them in, so the two cannot deadlock.
  await tx.query("select company_id from report_attentions where report_id = $1 order by company_id for update", [reportId]);
  const rows = await tx.query(
    "update reports set deleted_at = now(), deleted_by = 'author', updated_at = now() where id = $1 and deleted_at is null returning id",
    [reportId],
  );
  if (!rows.length) return false;
  await tx.query("update report_attentions set version = version + 1, updated_at = now() where report_id = $1", [reportId]);
  return true;
}

/** Changes the text of one of the user's own comments on the report and marks it edited; "missing" when
 * the report has no such comment, "notAuthor" when someone else wrote it, "duplicate" when the author
 * already wrote that text on the report (the unique index of migration 002). */
export async function editComment(
  tx: Tx,
  c: { reportId: number; commentId: number; userId: number; companyId: number; body: string },
): Promise<"edited" | "unchanged" | "missing" | "notAuthor" | "duplicate"> {
  const current = await one<{ user_id: number | null; company_id: number | null; body: string }>(
    tx,
    "select user_id, company_id, body from comments where id = $1 and report_id = $2 for update",
    [c.commentId, c.reportId],
  );
  if (!current) return "missing";
  if (current.user_id !== c.userId || current.company_id !== c.companyId) return "notAuthor";
  if (current.body === c.body) return "unchanged";
  const taken = await one(
    tx,
    `select 1 from comments where report_id = $1 and coalesce(user_id, 0) = $2 and coalesce(company_id, 0) = $3 and md5(body) = md5($4) and id <> $5`,
    [c.reportId, c.userId, c.companyId, c.body, c.commentId],
  );
  if (taken) return "duplicate";
  await tx.query("update comments set body = $2, edited_at = now(), updated_at = now() where id = $1", [c.commentId, c.body]);
  return "edited";
}

/** Changes the text of one of the user's own notes of the company on the report; same answers as editComment. */
export async function editNote(
  tx: Tx,
  scope: TenantScope,
  n: { reportId: number; noteId: number; userId: number; body: string },
): Promise<"edited" | "unchanged" | "missing" | "notAuthor" | "duplicate"> {
  const current = await one<{ user_id: number; body: string }>(
    tx,
    "select user_id, body from notes where company_id = $1 and id = $2 and report_id = $3 for update",
    [scope.companyId, n.noteId, n.reportId],
  );
  if (!current) return "missing";
  if (current.user_id !== n.userId) return "notAuthor";
  if (current.body === n.body) return "unchanged";
  const taken = await one(
    tx,
    "select 1 from notes where company_id = $1 and report_id = $2 and user_id = $3 and md5(body) = md5($4) and id <> $5",
    [scope.companyId, n.reportId, n.userId, n.body, n.noteId],
  );
  if (taken) return "duplicate";
  await tx.query("update notes set body = $3, edited_at = now() where company_id = $1 and id = $2", [scope.companyId, n.noteId, n.body]);
  return "edited";
}

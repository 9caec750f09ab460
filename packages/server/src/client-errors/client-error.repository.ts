import type { ClientErrorGroup, ClientErrorKind, ClientErrorOccurrence } from "@atalaya/shared";
import { one, type Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** One error as stored: texts already scrubbed and bounded. */
export interface NewClientError {
  release: string;
  kind: ClientErrorKind;
  message: string;
  stack: string | null;
  route: string;
  status: number | null;
  method: string | null;
  count: number;
  userId: number | null;
  companyId: number | null;
  userAgent: string | null;
}

/** Stores a batch in one statement; the group is md5(message, release). Answers how many rows. */
export async function insertClientErrors(db: Db, rows: readonly NewClientError[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.query<{ id: string }>(
    `insert into client_errors (group_id, release, kind, message, stack, route, status, method, count, user_id, company_id, user_agent)
     select md5(x.message || chr(10) || x.release), x.release, x.kind, x.message, x.stack, x.route, x.status, x.method, x.count, x.user_id, x.company_id, x.user_agent
       from jsonb_to_recordset($1::jsonb) as x(release text, kind text, message text, stack text, route text, status smallint, method text,
                                               count integer, user_id integer, company_id integer, user_agent text)
     returning id`,
    [JSON.stringify(rows.map((r) => ({
      release: r.release, kind: r.kind, message: r.message, stack: r.stack, route: r.route, status: r.status, method: r.method,
      count: r.count, user_id: r.userId, company_id: r.companyId, user_agent: r.userAgent,
    })))],
  );
  return inserted.length;
}

/** True when the user is a member of the company (only then is the company recorded). */
export async function isMember(db: Db, userId: number, companyId: number): Promise<boolean> {
  return (await one(db, "select 1 from memberships where user_id = $1 and company_id = $2", [userId, companyId])) !== undefined;
}

/** A group of client errors: its message and release (the same in every error of the group) and aggregates. */
type GroupRow = Pick<Tables["client_errors"], "group_id" | "message" | "release"> & {
  kinds: string[];
  count: number;
  first_seen: Date;
  last_seen: Date;
  routes: string[];
  users: number;
};

const GROUP_SELECT = `
  select group_id, min(message) as message, min(release) as release,
         array_agg(distinct kind order by kind) as kinds, sum(count)::int as count,
         min(received_at) as first_seen, max(received_at) as last_seen,
         (array_agg(distinct route order by route))[1:10] as routes,
         count(distinct user_id)::int as users
    from client_errors`;

const presentGroup = (r: GroupRow): ClientErrorGroup => ({
  id: r.group_id,
  message: r.message,
  release: r.release,
  kinds: r.kinds as ClientErrorKind[],
  count: r.count,
  firstSeen: new Date(r.first_seen).toISOString(),
  lastSeen: new Date(r.last_seen).toISOString(),
  routes: r.routes,
  users: r.users,
});

/** The groups (same message and release), most recently seen first, optionally of one release;
 * one page of them and their total. */
export async function listClientErrorGroups(
  db: Db,
  filter: { release?: string | undefined; limit: number; offset: number },
): Promise<{ groups: ClientErrorGroup[]; total: number }> {
  const where = filter.release === undefined ? "" : "where release = $3";
  const params: unknown[] = [filter.limit, filter.offset, ...(filter.release === undefined ? [] : [filter.release])];
  const rows = await db.query<GroupRow>(`${GROUP_SELECT} ${where} group by group_id order by max(received_at) desc, group_id limit $1 offset $2`, params);
  const [total] = await db.query<{ n: number }>(
    `select count(distinct group_id)::int as n from client_errors ${filter.release === undefined ? "" : "where release = $1"}`,
    filter.release === undefined ? [] : [filter.release],
  );
  return { groups: rows.map(presentGroup), total: total?.n ?? 0 };
}

/** The releases that have errors, newest report first. */
export async function listClientErrorReleases(db: Db): Promise<string[]> {
  const rows = await db.query<{ release: string }>("select release from client_errors group by release order by max(received_at) desc limit 50");
  return rows.map((r) => r.release);
}

/** A group and its latest occurrences (at most `limit`), or undefined when it has none. */
export async function findClientErrorGroup(db: Db, groupId: string, limit = 50): Promise<{ group: ClientErrorGroup; occurrences: ClientErrorOccurrence[] } | undefined> {
  const group = await one<GroupRow>(db, `${GROUP_SELECT} where group_id = $1 group by group_id`, [groupId]);
  if (!group) return undefined;
  const rows = await db.query<{
    id: string; kind: ClientErrorKind; route: string; status: number | null; method: string | null; stack: string | null; count: number;
    user_id: number | null; company_id: number | null; user_agent: string | null; received_at: Date;
  }>(
    `select id, kind, route, status, method, stack, count, user_id, company_id, user_agent, received_at
       from client_errors where group_id = $1 order by received_at desc, id desc limit $2`,
    [groupId, limit],
  );
  return {
    group: presentGroup(group),
    occurrences: rows.map((r) => ({
      id: Number(r.id), kind: r.kind, route: r.route, status: r.status, method: r.method, stack: r.stack, count: r.count,
      userId: r.user_id, companyId: r.company_id, userAgent: r.user_agent, receivedAt: new Date(r.received_at).toISOString(),
    })),
  };
}

import { PRESENCE_TTL_SECONDS, type ConnectionLog, type OperatorStatus } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import { one, type Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import { ONLINE_WINDOW_SECONDS } from "./online.repository.js";

const NAME = "nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')";
const WORKING_SHOWN = 5;

type MemberRow = Pick<Tables["users"], "id" | "email"> &
  Pick<Tables["memberships"], "role"> & {
    name: string | null;
    /** The latest heartbeat of any socket of theirs (null: none open). */
    last_seen: Tables["online_sockets"]["seen_at"] | null;
    online: boolean;
  };

/** Every member of the company, whether a socket of theirs is open on any process, and when one last was. */
export async function listMembersOnline(db: Db, scope: TenantScope): Promise<MemberRow[]> {
  return db.query<MemberRow>(
    `select u.id, ${NAME} as name, u.email, m.role, s.last_seen,
            coalesce(s.last_seen > now() - make_interval(secs => $2), false) as online
       from memberships m
       join users u on u.id = m.user_id
       left join lateral (select max(seen_at) as last_seen from online_sockets o where o.company_id = m.company_id and o.user_id = m.user_id) s on true
      where m.company_id = $1
      order by online desc, lower(coalesce(${NAME}, u.email)), u.id`,
    [scope.companyId, ONLINE_WINDOW_SECONDS],
  );
}

type ReportBrief = OperatorStatus["working"][number];

/** The open (in progress, in observation) reports assigned to these members, newest first, within the
 * scope's restrictions. */
export async function listWorking(db: Db, scope: TenantScope, userIds: readonly number[]): Promise<(ReportBrief & { user_id: number })[]> {
  const params: unknown[] = [scope.companyId, userIds];
  return db.query(
    `select a.assigned_user_id as user_id, r.id, r.uuid::text as uuid, r.title, r.type_id as type, a.status
       from report_attentions a join reports r on r.id = a.report_id
      where a.company_id = $1 and a.assigned_user_id = any($2::int[]) and a.status in ('in_progress', 'in_observation')
        and a.deleted_at is null${restrictionWhere(scope.restrictions, params)}
      order by a.report_id desc`,
    params,
  );
}

/** The report each member has open now (a presence heartbeat within its lifetime), within the scope's restrictions. */
export async function listViewing(db: Db, scope: TenantScope): Promise<(Omit<ReportBrief, "status"> & { user_id: number })[]> {
  const params: unknown[] = [scope.companyId, PRESENCE_TTL_SECONDS];
  return db.query(
    `select v.user_id, r.id, r.uuid::text as uuid, r.title, r.type_id as type
       from report_viewing v
       join report_attentions a on a.company_id = v.company_id and a.report_id = v.report_id
       join reports r on r.id = a.report_id
      where v.company_id = $1 and v.seen_at > now() - make_interval(secs => $2)${restrictionWhere(scope.restrictions, params)}`,
    params,
  );
}

/** Members and their work, as the operators screen shows them. */
export function shapeOperators(members: MemberRow[], working: Awaited<ReturnType<typeof listWorking>>, viewing: Awaited<ReturnType<typeof listViewing>>): OperatorStatus[] {
  return members.map((m) => {
    const theirs = working.filter((w) => w.user_id === m.id);
    const view = viewing.find((v) => v.user_id === m.id);
    return {
      id: m.id,
      name: m.name ?? m.email,
      email: m.email,
      role: m.role,
      online: m.online,
      lastSeenAt: m.last_seen?.toISOString() ?? null,
      viewing: view ? { id: view.id, uuid: view.uuid, title: view.title, type: view.type } : null,
      working: theirs.slice(0, WORKING_SHOWN).map(({ user_id: _u, ...r }) => r),
      workingTotal: theirs.length,
    };
  });
}

type LogRow = Pick<Tables["connectivity_logs"], "id" | "user_id" | "type" | "events" | "received_at"> &
  Pick<Tables["users"], "email"> & {
    /** Never null here: the query joins the log to its member. */
    user_id: number;
    name: string | null;
    events: { date: string; event: string }[];
  };

/** One page of the company members' connectivity logs, newest first: optionally one member, and a window
 * of receipt times [from, to). Logs of people no longer members stay out. */
export async function listConnectionLogs(
  db: Db,
  scope: TenantScope,
  q: { userId?: number; from?: Date; to?: Date; limit: number; offset: number },
): Promise<{ logs: ConnectionLog[]; total: number }> {
  const params: unknown[] = [scope.companyId];
  let where = "l.company_id = $1";
  if (q.userId !== undefined) {
    params.push(q.userId);
    where += ` and l.user_id = $${params.length}`;
  }
  if (q.from) {
    params.push(q.from);
    where += ` and l.received_at >= $${params.length}`;
  }
  if (q.to) {
    params.push(q.to);
    where += ` and l.received_at < $${params.length}`;
  }
  const from = `from connectivity_logs l join memberships m on m.company_id = l.company_id and m.user_id = l.user_id join users u on u.id = l.user_id where ${where}`;
  const [rows, count] = await Promise.all([
    db.query<LogRow>(
      `select l.id, l.user_id, ${NAME} as name, u.email, l.type, l.events, l.received_at ${from}
        order by l.received_at desc, l.id desc limit $${params.length + 1} offset $${params.length + 2}`,
      [...params, q.limit, q.offset],
    ),
    one<{ total: number }>(db, `select count(*)::int as total ${from}`, params),
  ]);
  return {
    total: count?.total ?? 0,
    logs: rows.map((r) => ({
      id: Number(r.id),
      user: { id: r.user_id, name: r.name ?? r.email, email: r.email },
      type: r.type,
      events: (Array.isArray(r.events) ? r.events : []).map((e) => ({ date: String(e.date ?? ""), event: String(e.event ?? "") })),
      receivedAt: r.received_at.toISOString(),
    })),
  };
}

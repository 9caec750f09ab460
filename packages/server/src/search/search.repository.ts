import type { ReportStatus } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import type { Db } from "../db/db.js";
import type { Tables } from "../db/tables.js";

/** A report the search matched: its id, rank and who reported it (null when anonymous). */
export type ReportHitRow = Pick<Tables["reports"], "id"> & {
  score: number;
  reporter: string | null;
};

/** A comment the search matched, with its report. */
export type CommentHitRow = Pick<Tables["comments"], "id" | "uuid" | "body" | "created_at"> & {
  author: string | null;
  score: number;
  report_id: Tables["reports"]["id"];
  report_uuid: Tables["reports"]["uuid"];
  report_type: Tables["reports"]["type_id"];
  report_title: Tables["reports"]["title"];
  report_status: ReportStatus;
};

const ANONYMOUS = "(a.is_anonymous or r.is_anonymous)";
// Who reported a report, as shown: the community author and the contact an operator wrote down.
const REPORTER = `nullif(concat_ws(' ', u.first_name, u.last_name, u.phone, u.email,
  r.contact->>'firstName', r.contact->>'lastName', r.contact->>'phone', r.contact->>'email'), '')`;
// The same, folded, to rank by (both parts are stored or indexed: migration 011).
const REPORTER_FOLDED = `coalesce(user_search_text(u.first_name, u.last_name, u.phone, u.email), '') || ' ' || coalesce(r.contact_search_text, '')`;
/** How many of the newest matches of each kind are ranked: a common word matches tens of thousands of
 * reports, and ranking all of them is what made a search take seconds at a million reports. */
export const SEARCH_CANDIDATES = 200;

/** The text for a LIKE pattern, its own % _ and \ taken literally. */
export function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** The lowest and highest uuid starting with these hex digits (dashes ignored), for an index range. */
export function uuidRange(prefix: string): [string, string] | null {
  const hex = prefix.replace(/-/g, "").toLowerCase();
  if (!/^[0-9a-f]{1,32}$/.test(hex)) return null;
  const format = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [format(hex.padEnd(32, "0")), format(hex.padEnd(32, "f"))];
}

/** Reports of the scope that match the search text, ranked, best first. Candidates are the newest
 * {@link SEARCH_CANDIDATES} of each kind of match, each found through an index: the folded text contains
 * the words (title, description, address), the id, the uuid's start, or the reporter (community author
 * or the contact an operator wrote down; never for an anonymous report). Only when those are fewer than
 * asked does the text with its misspelt words corrected (`corrected`, from the search dictionary) bring
 * more. Ranked by similarity to what was typed, plus a bonus for the title and for the exact words,
 * newest first among equals. */
export async function searchReports(
  db: Db,
  scope: TenantScope,
  q: { text: string; id: number | null; uuidPrefix: string | null; limit: number; corrected: () => Promise<string | null> },
): Promise<ReportHitRow[]> {
  let candidates = await reportCandidates(db, scope, q.text, q);
  if (candidates.length < q.limit) {
    const fixed = await q.corrected();
    if (fixed) candidates = [...candidates, ...(await reportCandidates(db, scope, fixed, { id: null, uuidPrefix: null }))];
  }
  if (candidates.length === 0) return [];
  const range = q.uuidPrefix ? uuidRange(q.uuidPrefix) : null;
  const direct = [...new Set(candidates.filter((c) => c.direct).map((c) => c.id))];
  const byReporter = [...new Set(candidates.filter((c) => !c.direct).map((c) => c.id))];
  return db.query<ReportHitRow>(
    `with q as (select f_unaccent(lower($2::text)) as t)
     select m.id, m.score::float8 as score, m.reporter from (
       select r.id,
              greatest(
                word_similarity(q.t, r.search_text)
                  + 0.3 * word_similarity(q.t, f_unaccent(lower(coalesce(r.title, ''))))
                  + case when strpos(r.search_text, q.t) > 0 then 0.5 else 0 end,
                case when r.id = $3::int then 2 when r.uuid between $5::uuid and $8::uuid then 1.5 else 0 end,
                case when ${ANONYMOUS} then 0 else word_similarity(q.t, ${REPORTER_FOLDED}) end
              ) as score,
              case when ${ANONYMOUS} then null else ${REPORTER} end as reporter
         from report_attentions a
         join reports r on r.id = a.report_id
         left join users u on u.id = r.user_id
         cross join q
        where a.company_id = $1 and (a.report_id = any($4::int[]) or (a.report_id = any($6::int[]) and not ${ANONYMOUS}))) m
     order by m.score desc, m.id desc limit $7`,
    [scope.companyId, q.text, q.id, direct, range?.[0] ?? null, byReporter, q.limit, range?.[1] ?? null],
  );
}

interface Candidate {
  id: number;
  /** Matched by its own text, id or uuid (not only by its reporter, which anonymity hides). */
  direct: boolean;
}

// Each branch takes the newest matches of one kind within the scope. The folded text is computed from
// the parameter in the query, so the planner sees it as a constant: it chooses between the trigram
// index (a rare word) and walking reports newest first (a common word, found within a few pages).
async function reportCandidates(db: Db, scope: TenantScope, text: string, q: { id: number | null; uuidPrefix: string | null }): Promise<Candidate[]> {
  const params: unknown[] = [scope.companyId];
  const restricted = restrictionWhere(scope.restrictions, params);
  const branch = (direct: boolean, condition: string) =>
    `(select r.id, ${direct} as direct from report_attentions a join reports r on r.id = a.report_id
       where a.company_id = $1 and a.deleted_at is null${restricted} and ${condition}
       order by r.id desc limit ${SEARCH_CANDIDATES})`;
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const escaped = likeEscaped(text);
  const contains = `'%' || f_unaccent(lower(${param(escaped)})) || '%'`;
  const branches = [branch(true, `r.search_text like ${contains}`), branch(false, `r.contact_search_text like ${contains}`)];
  // The community users first, as a list the planner can weigh (as a subquery it guessed thousands and
  // walked every report).
  const authors = await db.query<{ id: number }>(
    `select u.id from users u where user_search_text(u.first_name, u.last_name, u.phone, u.email) like '%' || f_unaccent(lower($1)) || '%' limit ${SEARCH_CANDIDATES}`,
    [escaped],
  );
  if (authors.length) branches.push(branch(false, `r.user_id = any(${param(authors.map((u) => u.id))}::int[])`));
  if (q.id !== null) branches.push(branch(true, `r.id = ${param(q.id)}`));
  const range = q.uuidPrefix ? uuidRange(q.uuidPrefix) : null;
  if (range) branches.push(branch(true, `r.uuid between ${param(range[0])}::uuid and ${param(range[1])}::uuid`));
  return db.query<Candidate>(branches.join(" union all "), params);
}

/** Visible comments of the scope's reports that match the search text, best first: the newest
 * {@link SEARCH_CANDIDATES} whose folded body contains it, and those containing the corrected text only
 * when they are fewer than asked; ranked like reports. */
export async function searchComments(
  db: Db,
  scope: TenantScope,
  q: { text: string; limit: number; corrected: () => Promise<string | null> },
): Promise<CommentHitRow[]> {
  let ids = await commentCandidates(db, scope, q.text);
  if (ids.length < q.limit) {
    const fixed = await q.corrected();
    if (fixed) ids = [...new Set([...ids, ...(await commentCandidates(db, scope, fixed))])];
  }
  if (ids.length === 0) return [];
  return db.query<CommentHitRow>(
    `with q as (select f_unaccent(lower($2::text)) as t)
     select c.id, c.uuid::text as uuid, c.body, c.created_at,
            case when c.company_id is null and c.user_id = r.user_id and ${ANONYMOUS} then null
                 else coalesce(co.name, nullif(trim(u.first_name || ' ' || u.last_name), '')) end as author,
            (word_similarity(q.t, c.search_text) + case when strpos(c.search_text, q.t) > 0 then 0.5 else 0 end)::float8 as score,
            r.id as report_id, r.uuid::text as report_uuid, r.type_id as report_type, r.title as report_title, a.status as report_status
       from q
       join comments c on c.id = any($3::int[])
       join report_attentions a on a.report_id = c.report_id and a.company_id = $1
       join reports r on r.id = a.report_id
       left join users u on u.id = c.user_id
       left join companies co on co.id = c.company_id
      order by score desc, c.id desc
      limit $4`,
    [scope.companyId, q.text, ids, q.limit],
  );
}

async function commentCandidates(db: Db, scope: TenantScope, text: string): Promise<number[]> {
  const params: unknown[] = [scope.companyId, likeEscaped(text)];
  const restricted = restrictionWhere(scope.restrictions, params);
  const match = `c.search_text like '%' || f_unaccent(lower($2)) || '%'`;
  const rows = await db.query<{ id: number }>(
    `select c.id from comments c
       join report_attentions a on a.report_id = c.report_id and a.company_id = $1
       join reports r on r.id = a.report_id
      where not c.hidden and a.deleted_at is null${restricted} and ${match}
      order by c.id desc limit ${SEARCH_CANDIDATES}`,
    params,
  );
  return rows.map((r) => r.id);
}

import type { ReportStatus } from "@atalaya/shared";
import { restrictionWhere, type TenantScope } from "../auth/access.js";
import type { Db } from "../db/db.js";

/** A report the search matched: its id, rank and who reported it (null when anonymous). */
export interface ReportHitRow {
  id: number;
  score: number;
  reporter: string | null;
}

/** A comment the search matched, with its report. */
export interface CommentHitRow {
  id: number;
  uuid: string;
  body: string;
  created_at: Date;
  author: string | null;
  score: number;
  report_id: number;
  report_uuid: string;
  report_type: number;
  report_title: string | null;
  report_status: ReportStatus;
}

// Who reported a report, as text to search: the community author and the contact an operator wrote down.
const REPORTER = `nullif(concat_ws(' ', u.first_name, u.last_name, u.phone, u.email,
  r.contact->>'firstName', r.contact->>'lastName', r.contact->>'phone', r.contact->>'email'), '')`;
const ANONYMOUS = "(a.is_anonymous or r.is_anonymous)";
const DOC = "report_search_text(r.title, r.description, r.address)";

/** Reports of the scope that match the folded search text (ranked, best first): by trigram word
 * similarity over title, description and address (index reports_search_trgm_idx), by id or uuid start,
 * or by their reporter unless the report is anonymous. Restricted scopes see only their reports. */
export function searchReports(db: Db, scope: TenantScope, q: { text: string; id: number | null; uuidPrefix: string | null; limit: number }): Promise<ReportHitRow[]> {
  const params: unknown[] = [scope.companyId, q.text, q.id, q.uuidPrefix];
  const restricted = restrictionWhere(scope.restrictions, params);
  params.push(q.limit);
  // The candidates come from index-friendly branches first; the final select checks company, restrictions
  // and anonymity, and ranks: similarity, plus a bonus for the title and for the exact words.
  return db.query<ReportHitRow>(
    `with q as (select f_unaccent(lower($2::text)) as t),
     hits as (
       select r.id from reports r, q where q.t <% ${DOC}
       union select r.id from reports r where r.id = $3::int
       union select r.id from reports r where $4::text is not null and r.uuid::text like $4::text || '%'
       union select r.id from reports r join users u on u.id = r.user_id, q
              where q.t <% f_unaccent(lower(concat_ws(' ', u.first_name, u.last_name, u.phone, u.email)))
       union select r.id from reports r, q
              where r.contact is not null and q.t <% f_unaccent(lower(concat_ws(' ', r.contact->>'firstName',
                    r.contact->>'lastName', r.contact->>'phone', r.contact->>'email'))))
     select m.id, m.score::float8 as score, m.reporter from (
       select r.id,
              greatest(
                word_similarity(q.t, ${DOC})
                  + 0.3 * word_similarity(q.t, f_unaccent(lower(coalesce(r.title, ''))))
                  + case when strpos(${DOC}, q.t) > 0 then 0.5 else 0 end,
                case when r.id = $3::int then 2 when $4::text is not null and r.uuid::text like $4::text || '%' then 1.5 else 0 end,
                case when ${ANONYMOUS} then 0 else coalesce(word_similarity(q.t, f_unaccent(lower(${REPORTER}))), 0) end
              ) as score,
              case when ${ANONYMOUS} then null else ${REPORTER} end as reporter
         from hits h
         join report_attentions a on a.report_id = h.id and a.company_id = $1
         join reports r on r.id = a.report_id
         left join users u on u.id = r.user_id
         cross join q
        where true${restricted}
          and (q.t <% ${DOC} or r.id = $3::int or ($4::text is not null and r.uuid::text like $4::text || '%')
               or (not ${ANONYMOUS} and q.t <% f_unaccent(lower(coalesce(${REPORTER}, ''))))))
     m order by m.score desc, m.id desc limit $${params.length}`,
    params,
  );
}

/** Visible comments of the scope's reports whose body matches the folded search text, best first. */
export function searchComments(db: Db, scope: TenantScope, q: { text: string; limit: number }): Promise<CommentHitRow[]> {
  const params: unknown[] = [scope.companyId, q.text];
  const restricted = restrictionWhere(scope.restrictions, params);
  params.push(q.limit);
  return db.query<CommentHitRow>(
    `with q as (select f_unaccent(lower($2::text)) as t)
     select c.id, c.uuid::text as uuid, c.body, c.created_at,
            case when c.company_id is null and c.user_id = r.user_id and ${ANONYMOUS} then null
                 else coalesce(co.name, nullif(trim(u.first_name || ' ' || u.last_name), '')) end as author,
            (word_similarity(q.t, f_unaccent(lower(c.body)))
              + case when strpos(f_unaccent(lower(c.body)), q.t) > 0 then 0.5 else 0 end)::float8 as score,
            r.id as report_id, r.uuid::text as report_uuid, r.type_id as report_type, r.title as report_title, a.status as report_status
       from q
       join comments c on q.t <% f_unaccent(lower(c.body))
       join report_attentions a on a.report_id = c.report_id and a.company_id = $1
       join reports r on r.id = a.report_id
       left join users u on u.id = c.user_id
       left join companies co on co.id = c.company_id
      where not c.hidden${restricted}
      order by score desc, c.id desc
      limit $${params.length}`,
    params,
  );
}

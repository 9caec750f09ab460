import { MAX_ID, type CommentSearchHit, type ReportSearchHit, type SearchHighlight, type SearchQuery } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { invalidField } from "../http/errors.js";
import { findReportsByIds, presentReport } from "../reports/index.js";
import { highlight } from "./highlight.js";
import { searchComments, searchReports } from "./search.repository.js";
import { correctedText } from "./search-words.js";


/** One search over the scope's reports and their comments (accent-insensitive, typo-tolerant, ranked),
 * each hit with the fragments that matched. */
export async function search(ctx: AppContext, scope: CompanyScope, query: SearchQuery): Promise<{ reports: ReportSearchHit[]; comments: CommentSearchHit[] }> {
  const text = query.q?.trim() ?? "";
  if (!text) throw invalidField("q", "required");
  const bare = text.replace(/^#/, "");
  const id = /^\d{1,10}$/.test(bare) && Number(bare) <= MAX_ID ? Number(bare) : null;
  const uuidPrefix = /^[0-9a-f-]{4,36}$/i.test(bare) && /[0-9a-f]{4}/i.test(bare) ? bare.toLowerCase() : null;
  // The misspelling's correction is looked up once, and only when reports or comments need it.
  let correction: Promise<string | null> | undefined;
  const corrected = () => (correction ??= correctedText(ctx.db, text));
  const [hits, commentRows] = await Promise.all([
    searchReports(ctx.db, scope, { text, id, uuidPrefix, limit: query.limit, corrected }),
    searchComments(ctx.db, scope, { text, limit: query.limit, corrected }),
  ]);
  const rows = new Map((await findReportsByIds(ctx.db, scope, hits.map((h) => h.id))).map((r) => [r.id, r]));
  const viewer = { role: scope.role, userId: scope.actor.user.id, observer: scope.company.isObserver };
  const reports: ReportSearchHit[] = [];
  for (const hit of hits) {
    const row = rows.get(hit.id);
    if (!row) continue;
    const highlights: SearchHighlight[] = [];
    if (id === row.id) highlights.push({ field: "id", segments: [{ text: `#${row.id}`, mark: true }] });
    const fields = [
      ["title", row.title],
      ["description", row.description],
      ["address", row.address],
      ["reporter", hit.reporter],
    ] as const;
    for (const [field, value] of fields) {
      const segments = value ? highlight(value, text) : null;
      if (segments) highlights.push({ field, segments });
    }
    reports.push({ report: presentReport(row, viewer, ctx.config.publicUrl), score: hit.score, highlights });
  }
  const comments: CommentSearchHit[] = commentRows.map((c) => ({
    id: c.id,
    uuid: c.uuid,
    createdAt: new Date(c.created_at).toISOString(),
    author: c.author,
    score: c.score,
    segments: highlight(c.body, text) ?? [{ text: c.body.slice(0, 160), mark: false }],
    report: { id: c.report_id, uuid: c.report_uuid, type: c.report_type, title: c.report_title, status: c.report_status },
  }));
  return { reports, comments };
}

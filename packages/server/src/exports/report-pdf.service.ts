import type { Language } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import { getCompany } from "../companies/index.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { listComments, listNotes, presentComment } from "../interactions/index.js";
import { getCompanyReport, listZoneShapes, reportActivity } from "../reports/index.js";
import { renderReportPdf, type PdfZone } from "./report-pdf.js";

type Ring = [number, number][];

/** Outer rings of a GeoJSON Polygon or MultiPolygon; anything else draws nothing. */
function outerRings(geojson: unknown): Ring[] {
  const g = geojson as { type?: string; coordinates?: unknown };
  const valid = (ring: unknown): ring is Ring =>
    Array.isArray(ring) && ring.every((p) => Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]));
  if (g?.type === "Polygon" && Array.isArray(g.coordinates)) return [g.coordinates[0]].filter(valid);
  if (g?.type === "MultiPolygon" && Array.isArray(g.coordinates))
    return (g.coordinates as unknown[][]).map((p) => (Array.isArray(p) ? p[0] : undefined)).filter(valid);
  return [];
}

/** The PDF of one report of the company (its data, map position, comments, notes, activity log). */
export async function exportReportPdf(
  ctx: AppContext,
  scope: CompanyScope,
  reportId: number,
  lang: Language,
  options: { compress?: boolean } = {},
): Promise<{ filename: string; pdf: Buffer }> {
  // First: a report outside the scope's restrictions is 404 before anything else is read.
  const report = await getCompanyReport(ctx, scope, { id: reportId });
  const { companyId, actor } = scope;
  const [company, zones, comments, notes, activity] = await Promise.all([
    getCompany(ctx.db, scope),
    listZoneShapes(ctx.db, scope),
    listComments(ctx.db, reportId, { includeHidden: false }),
    listNotes(ctx.db, scope, reportId),
    reportActivity(ctx, scope, reportId),
  ]);
  if (!company) throw notFound();
  const shapes: PdfZone[] = zones.flatMap((z) =>
    outerRings(z.geojson).map((ring) => ({ id: z.id, name: z.name, ring, fillColor: z.fill_color, strokeColor: z.stroke_color })),
  );
  const pdf = await renderReportPdf(
    {
      companyName: company.name,
      timezone: company.timezone,
      report,
      zones: shapes,
      // Presented as the company sees them, so an anonymous author stays anonymous in the PDF too.
      comments: comments
        .map((row) => presentComment(row, { companyId }))
        .map((c) => ({ author: c.user?.name ?? c.companyName ?? "", body: c.body, createdAt: new Date(c.created_at), isOperator: c.isOperator })),
      notes: notes.map((n) => ({ author: n.user.name, body: n.body, createdAt: new Date(n.created_at), fileName: n.file ? (n.file.originalName ?? n.file.name) : null })),
      activity: activity.map((a) => ({ action: a.action, actor: a.actor?.name ?? null, data: a.data, createdAt: new Date(a.created_at) })),
      generatedBy: `${actor.user.first_name} ${actor.user.last_name}`.trim() || actor.user.email,
      generatedAt: new Date(),
    },
    lang,
    options,
  );
  return { filename: `reporte-${report.id}.pdf`, pdf };
}

import { duplicatesRouteTable as routes, type DuplicateSuggestion, type MergeDuplicateBody, type Report } from "@atalaya/shared";
import { call } from "../../../lib/call";

// Calls of the duplicate suggestions (issue 18), by their route-table entries (@atalaya/shared routes/duplicates.ts).

/** TanStack Query keys; under ["reports"] so a company switch forgets them. */
export const duplicateKeys = {
  all: (companyId: number) => ["reports", "duplicates", companyId] as const,
  suggestions: (companyId: number, reportId: number, version: number) => ["reports", "duplicates", companyId, "of", reportId, version] as const,
  counts: (companyId: number, key: string) => ["reports", "duplicates", companyId, "counts", key] as const,
};

/** `GET …/reports/{id}/duplicates`: the open reports this one may repeat, nearest first. */
export async function fetchSuggestions(companyId: number, reportId: number, signal?: AbortSignal): Promise<DuplicateSuggestion[]> {
  return (await call(routes.getCompaniesByCompanyIdReportsByIdDuplicates, { params: { companyId, id: reportId }, signal })).suggestions;
}

/** `GET …/duplicates?ids=`: how many suggestions each listed report has. */
export async function fetchDuplicateCounts(companyId: number, ids: readonly number[], signal?: AbortSignal): Promise<Map<number, number>> {
  const res = await call(routes.getCompaniesByCompanyIdDuplicates, { params: { companyId }, query: { ids: ids.join(",") }, signal });
  return new Map(res.counts.map((c) => [c.reportId, c.count]));
}

/** `POST …/reports/{id}/merge`: closes the report as repeated of the original. */
export async function mergeDuplicate(companyId: number, reportId: number, body: MergeDuplicateBody): Promise<Report> {
  return (await call(routes.postCompaniesByCompanyIdReportsByIdMerge, { params: { companyId, id: reportId }, body })).report;
}

/** `POST …/reports/{id}/duplicates/dismiss`: never suggests that original on the report again. */
export async function dismissDuplicate(companyId: number, reportId: number, originalId: number): Promise<Report> {
  return (await call(routes.postCompaniesByCompanyIdReportsByIdDuplicatesDismiss, { params: { companyId, id: reportId }, body: { originalId } })).report;
}

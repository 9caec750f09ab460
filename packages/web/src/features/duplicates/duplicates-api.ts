import {
  duplicateCountsResponseSchema,
  duplicateSuggestionsResponseSchema,
  reportResponseSchema,
  type DuplicateSuggestion,
  type MergeDuplicateBody,
  type Report,
} from "@atalaya/shared";
import { api } from "../../lib/api";

// Calls of the duplicate suggestions (issue 18). Paths follow packages/server/src/duplicates/duplicates.routes.ts.

const reportBase = (companyId: number, reportId: number) => `/companies/${companyId}/reports/${reportId}`;
const reportBody = reportResponseSchema.transform((body) => body.report);

/** TanStack Query keys; under ["reports"] so a company switch forgets them. */
export const duplicateKeys = {
  all: (companyId: number) => ["reports", "duplicates", companyId] as const,
  suggestions: (companyId: number, reportId: number, version: number) => ["reports", "duplicates", companyId, "of", reportId, version] as const,
  counts: (companyId: number, key: string) => ["reports", "duplicates", companyId, "counts", key] as const,
};

/** `GET …/reports/{id}/duplicates`: the open reports this one may repeat, nearest first. */
export function fetchSuggestions(companyId: number, reportId: number, signal?: AbortSignal): Promise<DuplicateSuggestion[]> {
  return api.get(`${reportBase(companyId, reportId)}/duplicates`, { schema: duplicateSuggestionsResponseSchema.transform((b) => b.suggestions), signal });
}

/** `GET …/duplicates?ids=`: how many suggestions each listed report has. */
export function fetchDuplicateCounts(companyId: number, ids: readonly number[], signal?: AbortSignal): Promise<Map<number, number>> {
  return api.get(`/companies/${companyId}/duplicates`, {
    query: { ids: ids.join(",") },
    schema: duplicateCountsResponseSchema.transform((b) => new Map(b.counts.map((c) => [c.reportId, c.count]))),
    signal,
  });
}

/** `POST …/reports/{id}/merge`: closes the report as repeated of the original. */
export function mergeDuplicate(companyId: number, reportId: number, body: MergeDuplicateBody): Promise<Report> {
  return api.post(`${reportBase(companyId, reportId)}/merge`, body, { schema: reportBody });
}

/** `POST …/reports/{id}/duplicates/dismiss`: never suggests that original on the report again. */
export function dismissDuplicate(companyId: number, reportId: number, originalId: number): Promise<Report> {
  return api.post(`${reportBase(companyId, reportId)}/duplicates/dismiss`, { originalId }, { schema: reportBody });
}

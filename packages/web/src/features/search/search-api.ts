import { searchResponseSchema, type SearchResponse } from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query key of one search in one organisation. */
export const searchKey = (companyId: number, q: string) => ["search", companyId, q] as const;

/** `GET /api/companies/{companyId}/search?q=`: matching reports and comments, best first. */
export function fetchSearch(companyId: number, q: string, signal?: AbortSignal): Promise<Omit<SearchResponse, "success">> {
  return api.get(`/companies/${companyId}/search`, { query: { q, limit: 20 }, schema: searchResponseSchema, signal });
}

import { searchRouteTable as routes, type SearchResponse } from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query key of one search in one organisation. */
export const searchKey = (companyId: number, q: string) => ["search", companyId, q] as const;

/** `GET /api/companies/{companyId}/search?q=`: matching reports and comments, best first. */
export async function fetchSearch(companyId: number, q: string, signal?: AbortSignal): Promise<Omit<SearchResponse, "success">> {
  return call(routes.getCompaniesByCompanyIdSearch, { params: { companyId }, query: { q, limit: 20 }, signal });
}

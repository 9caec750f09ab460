import { interactionsRouteTable as routes, type Reply } from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query keys of the replies inbox. */
export const replyKeys = {
  all: (companyId: number) => ["replies", companyId] as const,
  page: (companyId: number, unansweredOnly: boolean, page: number) => ["replies", companyId, unansweredOnly, page] as const,
};

/** `GET /api/companies/{companyId}/replies`: community comments, newest first, answered or not. */
export function fetchReplies(
  companyId: number,
  unansweredOnly: boolean,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ replies: Reply[]; total: number; unanswered: number }> {
  return call(routes.getCompaniesByCompanyIdReplies, { params: { companyId }, query: { unanswered: unansweredOnly ? "true" : undefined, page, pageSize }, signal });
}

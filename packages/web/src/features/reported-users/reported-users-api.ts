import {
  reportedUsersRouteTable as routes,
  type ReportedUsersResponse,
  type UserImpact,
} from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query keys of the reported users of one organisation. */
export const reportedUserKeys = {
  all: (companyId: number) => ["reported-users", companyId] as const,
  page: (companyId: number, page: number, pageSize: number) => ["reported-users", companyId, page, pageSize] as const,
  impact: (userId: number) => ["user-impact", userId] as const,
};

/** `GET /api/companies/{companyId}/reported-users?page=&pageSize=`. */
export async function fetchReportedUsers(companyId: number, page: number, pageSize: number, signal?: AbortSignal): Promise<ReportedUsersResponse> {
  return call(routes.getCompaniesByCompanyIdReportedUsers, { params: { companyId }, query: { page, pageSize }, signal });
}

/** `GET /api/reports/user-impact/counter/{id}`: what the user's reports amounted to. */
export async function fetchUserImpact(userId: number, signal?: AbortSignal): Promise<UserImpact> {
  return (await call(routes.getReportsUserImpactCounterById, { params: { id: userId }, signal })).user_impact;
}

/** `POST /api/companies/{companyId}/app-users/{id}/lock|unlock` (company admins). */
export async function setAppUserLocked(companyId: number, userId: number, locked: boolean): Promise<void> {
  await call(locked ? routes.postCompaniesByCompanyIdAppUsersByIdLock : routes.postCompaniesByCompanyIdAppUsersByIdUnlock, { params: { companyId, id: userId } });
}

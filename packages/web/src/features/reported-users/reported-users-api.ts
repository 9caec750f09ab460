import {
  appUserLockResponseSchema,
  reportedUsersResponseSchema,
  userImpactResponseSchema,
  type ReportedUsersResponse,
  type UserImpact,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the reported users of one organisation. */
export const reportedUserKeys = {
  all: (companyId: number) => ["reported-users", companyId] as const,
  page: (companyId: number, page: number, pageSize: number) => ["reported-users", companyId, page, pageSize] as const,
  impact: (userId: number) => ["user-impact", userId] as const,
};

/** `GET /api/companies/{companyId}/reported-users?page=&pageSize=`. */
export function fetchReportedUsers(companyId: number, page: number, pageSize: number, signal?: AbortSignal): Promise<ReportedUsersResponse> {
  return api.get(`/companies/${companyId}/reported-users`, { query: { page, pageSize }, schema: reportedUsersResponseSchema, signal });
}

/** `GET /api/reports/user-impact/counter/{id}`: what the user's reports amounted to. */
export function fetchUserImpact(userId: number, signal?: AbortSignal): Promise<UserImpact> {
  return api.get(`/reports/user-impact/counter/${userId}`, { schema: userImpactResponseSchema.transform((b) => b.user_impact), signal });
}

/** `POST /api/companies/{companyId}/app-users/{id}/lock|unlock` (company admins). */
export async function setAppUserLocked(companyId: number, userId: number, locked: boolean): Promise<void> {
  await api.post(`/companies/${companyId}/app-users/${userId}/${locked ? "lock" : "unlock"}`, {}, { schema: appUserLockResponseSchema });
}

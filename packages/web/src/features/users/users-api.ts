import {
  usersRouteTable as routes,
  type CompanyRole,
  type UserCreateInput,
  type UserListResponse,
  type UserPasswordBody,
  type UserResponse,
  type UserUpdateBody,
} from "@atalaya/shared";
import { call } from "../../lib/call";

/** Filters of the users table, as the API takes them. */
export interface UserFilters {
  q?: string;
  role?: CompanyRole;
  locked?: "true" | "false";
  page: number;
  pageSize: number;
}

/** TanStack Query keys of the user admin. */
export const userKeys = {
  all: (companyId: number) => ["users", companyId] as const,
  list: (companyId: number, filters: UserFilters) => ["users", companyId, "list", filters] as const,
  one: (companyId: number, id: number) => ["users", companyId, "one", id] as const,
};

/** `GET /api/companies/{cid}/users`: a page of members and the roles the caller may grant. */
export function fetchUsers(companyId: number, filters: UserFilters, signal?: AbortSignal): Promise<UserListResponse> {
  return call(routes.getCompaniesByCompanyIdUsers, { params: { companyId }, query: { ...filters }, signal });
}

/** `GET …/users/{id}`. */
export function fetchUser(companyId: number, id: number, signal?: AbortSignal): Promise<UserResponse> {
  return call(routes.getCompaniesByCompanyIdUsersById, { params: { companyId, id }, signal });
}

/** `POST …/users`: `{success, user}`. */
export function createUser(companyId: number, body: UserCreateInput): Promise<UserResponse> {
  return call(routes.postCompaniesByCompanyIdUsers, { params: { companyId }, body });
}

/** `PUT …/users/{id}`: profile, role, restrictions, language, time zone or settings. */
export function updateUser(companyId: number, id: number, body: UserUpdateBody): Promise<UserResponse> {
  return call(routes.putCompaniesByCompanyIdUsersById, { params: { companyId, id }, body });
}

/** `PUT …/users/{id}/password` (ends the member's sessions). */
export async function changeUserPassword(companyId: number, id: number, body: UserPasswordBody): Promise<void> {
  await call(routes.putCompaniesByCompanyIdUsersByIdPassword, { params: { companyId, id }, body });
}

/** `POST …/users/{id}/lock` or `/unlock`. */
export function setUserLocked(companyId: number, id: number, locked: boolean): Promise<UserResponse> {
  return call(locked ? routes.postCompaniesByCompanyIdUsersByIdLock : routes.postCompaniesByCompanyIdUsersByIdUnlock, { params: { companyId, id } });
}

/** `DELETE …/users/{id}`: out of the company; `permanent` also deletes an account of no other company. */
export async function removeUser(companyId: number, id: number, permanent = false): Promise<void> {
  await call(routes.deleteCompaniesByCompanyIdUsersById, { params: { companyId, id }, query: permanent ? { permanent: "true" } : undefined });
}

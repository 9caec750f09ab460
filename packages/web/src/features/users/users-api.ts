import {
  successSchema,
  userListResponseSchema,
  userResponseSchema,
  type UserCreateInput,
  type UserListResponse,
  type UserPasswordBody,
  type UserResponse,
  type UserUpdateBody,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** Filters of the users table, as the API takes them. */
export interface UserFilters {
  q?: string;
  role?: string;
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

const base = (companyId: number): string => `/companies/${companyId}/users`;

/** `GET /api/companies/{cid}/users`: a page of members and the roles the caller may grant. */
export function fetchUsers(companyId: number, filters: UserFilters, signal?: AbortSignal): Promise<UserListResponse> {
  return api.get(base(companyId), { query: { ...filters }, schema: userListResponseSchema, signal });
}

/** `GET …/users/{id}`. */
export function fetchUser(companyId: number, id: number, signal?: AbortSignal): Promise<UserResponse> {
  return api.get(`${base(companyId)}/${id}`, { schema: userResponseSchema, signal });
}

/** `POST …/users`: `{success, user}`. */
export function createUser(companyId: number, body: UserCreateInput): Promise<UserResponse> {
  return api.post(base(companyId), body, { schema: userResponseSchema });
}

/** `PUT …/users/{id}`: profile, role, restrictions, language, time zone or settings. */
export function updateUser(companyId: number, id: number, body: UserUpdateBody): Promise<UserResponse> {
  return api.put(`${base(companyId)}/${id}`, body, { schema: userResponseSchema });
}

/** `PUT …/users/{id}/password` (ends the member's sessions). */
export async function changeUserPassword(companyId: number, id: number, body: UserPasswordBody): Promise<void> {
  await api.put(`${base(companyId)}/${id}/password`, body, { schema: successSchema });
}

/** `POST …/users/{id}/lock` or `/unlock`. */
export function setUserLocked(companyId: number, id: number, locked: boolean): Promise<UserResponse> {
  return api.post(`${base(companyId)}/${id}/${locked ? "lock" : "unlock"}`, undefined, { schema: userResponseSchema });
}

/** `DELETE …/users/{id}`: out of the company; `permanent` also deletes an account of no other company. */
export async function removeUser(companyId: number, id: number, permanent = false): Promise<void> {
  await api.delete(`${base(companyId)}/${id}`, { query: permanent ? { permanent: "true" } : undefined, schema: successSchema });
}

import {
  clientErrorsRouteTable as routes,
  type ClientErrorGroupResponse,
  type ClientErrorGroupsResponse,
} from "@atalaya/shared";
import { call } from "../../lib/call";

export const clientErrorKeys = {
  groups: (release: string | null, page: number) => ["client-errors", release, page] as const,
  group: (id: string) => ["client-errors", "group", id] as const,
};

/** `GET /api/admin/client-errors`: groups of one message and release, most recently seen first. */
export async function fetchClientErrorGroups(filter: { release: string | null; page: number; pageSize: number }, signal?: AbortSignal): Promise<ClientErrorGroupsResponse> {
  return call(routes.getAdminClientErrors, { query: { release: filter.release ?? undefined, page: filter.page, pageSize: filter.pageSize }, signal });
}

/** `GET /api/admin/client-errors/{id}`: a group and its latest occurrences. */
export async function fetchClientErrorGroup(id: string, signal?: AbortSignal): Promise<ClientErrorGroupResponse> {
  return call(routes.getAdminClientErrorsById, { params: { id }, signal });
}

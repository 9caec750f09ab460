import {
  clientErrorGroupResponseSchema,
  clientErrorGroupsResponseSchema,
  type ClientErrorGroupResponse,
  type ClientErrorGroupsResponse,
} from "@atalaya/shared";
import { api } from "../../lib/api";

export const clientErrorKeys = {
  groups: (release: string | null, page: number) => ["client-errors", release, page] as const,
  group: (id: string) => ["client-errors", "group", id] as const,
};

/** `GET /api/admin/client-errors`: groups of one message and release, most recently seen first. */
export function fetchClientErrorGroups(filter: { release: string | null; page: number; pageSize: number }, signal?: AbortSignal): Promise<ClientErrorGroupsResponse> {
  return api.get("/admin/client-errors", {
    query: { release: filter.release, page: filter.page, pageSize: filter.pageSize },
    schema: clientErrorGroupsResponseSchema,
    signal,
  });
}

/** `GET /api/admin/client-errors/{id}`: a group and its latest occurrences. */
export function fetchClientErrorGroup(id: string, signal?: AbortSignal): Promise<ClientErrorGroupResponse> {
  return api.get(`/admin/client-errors/${id}`, { schema: clientErrorGroupResponseSchema, signal });
}

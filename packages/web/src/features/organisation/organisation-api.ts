import {
  customDashboardResponseSchema,
  customDashboardsResponseSchema,
  dashboardFrameResponseSchema,
  selectorResponseSchema,
  selectorsResponseSchema,
  sourceResponseSchema,
  sourcesResponseSchema,
  successSchema,
  tagResponseSchema,
  tagsResponseSchema,
  teamResponseSchema,
  teamsResponseSchema,
  type CustomDashboard,
  type CustomDashboardBody,
  type Selector,
  type SelectorBody,
  type Source,
  type SourceBody,
  type Tag,
  type TagBody,
  type Team,
  type TeamBody,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** The organisation's resources under /api/companies/{companyId}/. */
export type OrganisationResource = "teams" | "tags" | "sources" | "selectors" | "dashboards";

/** TanStack Query keys: one list per resource and company (tags also per page). */
export const organisationKeys = {
  all: (resource: OrganisationResource, companyId: number) => ["organisation", resource, companyId] as const,
  tagPage: (companyId: number, page: number, q: string) => ["organisation", "tags", companyId, page, q] as const,
};

const base = (companyId: number, resource: OrganisationResource) => `/companies/${companyId}/${resource}`;

/** `POST …/dashboards/{id}/frame`: the single-use address of the dashboard's frame page, whose CSP
 * frames this dashboard's origin alone (the portal page frames only its own origin). */
export function fetchDashboardFrameUrl(companyId: number, id: number): Promise<string> {
  return api.post(`${base(companyId, "dashboards")}/${id}/frame`, undefined, { schema: dashboardFrameResponseSchema.transform((b) => b.url) });
}

/** `GET …/teams`: the live teams with their members. */
export function fetchTeams(companyId: number, signal?: AbortSignal): Promise<Team[]> {
  return api.get(base(companyId, "teams"), { signal, schema: teamsResponseSchema.transform((b) => b.teams) });
}

/** `GET …/tags?page=&pageSize=&q=`: one page of tags and the total. */
export function fetchTagPage(companyId: number, page: number, pageSize: number, q: string, signal?: AbortSignal): Promise<{ tags: Tag[]; total: number }> {
  return api.get(base(companyId, "tags"), { signal, query: { page, pageSize, q: q || undefined }, schema: tagsResponseSchema });
}

/** `GET …/sources`. */
export function fetchSources(companyId: number, signal?: AbortSignal): Promise<Source[]> {
  return api.get(base(companyId, "sources"), { signal, schema: sourcesResponseSchema.transform((b) => b.sources) });
}

/** `GET …/selectors`. */
export function fetchSelectors(companyId: number, signal?: AbortSignal): Promise<Selector[]> {
  return api.get(base(companyId, "selectors"), { signal, schema: selectorsResponseSchema.transform((b) => b.selectors) });
}

/** `GET …/dashboards`: the custom dashboards (menu entries). */
export function fetchDashboards(companyId: number, signal?: AbortSignal): Promise<CustomDashboard[]> {
  return api.get(base(companyId, "dashboards"), { signal, schema: customDashboardsResponseSchema.transform((b) => b.dashboards) });
}

/** POST (id null) or PUT one team (company admins). */
export function saveTeam(companyId: number, id: number | null, body: TeamBody): Promise<Team> {
  const schema = teamResponseSchema.transform((b) => b.team);
  return id === null ? api.post(base(companyId, "teams"), body, { schema }) : api.put(`${base(companyId, "teams")}/${id}`, body, { schema });
}

/** POST (id null) or PUT one tag (company admins only). */
export function saveTag(companyId: number, id: number | null, body: TagBody): Promise<Tag> {
  const schema = tagResponseSchema.transform((b) => b.tag);
  return id === null ? api.post(base(companyId, "tags"), body, { schema }) : api.put(`${base(companyId, "tags")}/${id}`, body, { schema });
}

/** POST (id null) or PUT one source. */
export function saveSource(companyId: number, id: number | null, body: SourceBody): Promise<Source> {
  const schema = sourceResponseSchema.transform((b) => b.source);
  return id === null ? api.post(base(companyId, "sources"), body, { schema }) : api.put(`${base(companyId, "sources")}/${id}`, body, { schema });
}

/** POST (id null) or PUT one selector list. */
export function saveSelector(companyId: number, id: number | null, body: SelectorBody): Promise<Selector> {
  const schema = selectorResponseSchema.transform((b) => b.selector);
  return id === null ? api.post(base(companyId, "selectors"), body, { schema }) : api.put(`${base(companyId, "selectors")}/${id}`, body, { schema });
}

/** POST (id null) or PUT one custom dashboard. */
export function saveDashboard(companyId: number, id: number | null, body: CustomDashboardBody): Promise<CustomDashboard> {
  const schema = customDashboardResponseSchema.transform((b) => b.dashboard);
  return id === null ? api.post(base(companyId, "dashboards"), body, { schema }) : api.put(`${base(companyId, "dashboards")}/${id}`, body, { schema });
}

/** `DELETE …/{resource}/{id}` (company admins). */
export async function deleteRecord(companyId: number, resource: OrganisationResource, id: number): Promise<void> {
  await api.delete(`${base(companyId, resource)}/${id}`, { schema: successSchema });
}

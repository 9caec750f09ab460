import {
  organisationRouteTable as routes,
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
import { call } from "../../lib/call";

/** The organisation's resources under /api/companies/{companyId}/. */
export type OrganisationResource = "teams" | "tags" | "sources" | "selectors" | "dashboards";

/** TanStack Query keys: one list per resource and company (tags also per page). */
export const organisationKeys = {
  all: (resource: OrganisationResource, companyId: number) => ["organisation", resource, companyId] as const,
  tagPage: (companyId: number, page: number, q: string) => ["organisation", "tags", companyId, page, q] as const,
};

// Each resource's create, update and delete entries.
const RESOURCE_ROUTES = {
  teams: [routes.postCompaniesByCompanyIdTeams, routes.putCompaniesByCompanyIdTeamsById, routes.deleteCompaniesByCompanyIdTeamsById],
  tags: [routes.postCompaniesByCompanyIdTags, routes.putCompaniesByCompanyIdTagsById, routes.deleteCompaniesByCompanyIdTagsById],
  sources: [routes.postCompaniesByCompanyIdSources, routes.putCompaniesByCompanyIdSourcesById, routes.deleteCompaniesByCompanyIdSourcesById],
  selectors: [routes.postCompaniesByCompanyIdSelectors, routes.putCompaniesByCompanyIdSelectorsById, routes.deleteCompaniesByCompanyIdSelectorsById],
  dashboards: [routes.postCompaniesByCompanyIdDashboards, routes.putCompaniesByCompanyIdDashboardsById, routes.deleteCompaniesByCompanyIdDashboardsById],
} as const;

/** `POST …/dashboards/{id}/frame`: the single-use address of the dashboard's frame page, whose CSP
 * frames this dashboard's origin alone (the portal page frames only its own origin). */
export async function fetchDashboardFrameUrl(companyId: number, id: number): Promise<string> {
  return (await call(routes.postCompaniesByCompanyIdDashboardsByIdFrame, { params: { companyId, id } })).url;
}

/** `GET …/teams`: the live teams with their members. */
export async function fetchTeams(companyId: number, signal?: AbortSignal): Promise<Team[]> {
  return (await call(routes.getCompaniesByCompanyIdTeams, { params: { companyId }, signal })).teams;
}

/** `GET …/tags?page=&pageSize=&q=`: one page of tags and the total. */
export async function fetchTagPage(companyId: number, page: number, pageSize: number, q: string, signal?: AbortSignal): Promise<{ tags: Tag[]; total: number }> {
  return call(routes.getCompaniesByCompanyIdTags, { params: { companyId }, query: { page, pageSize, q: q || undefined }, signal });
}

/** `GET …/sources`. */
export async function fetchSources(companyId: number, signal?: AbortSignal): Promise<Source[]> {
  return (await call(routes.getCompaniesByCompanyIdSources, { params: { companyId }, signal })).sources;
}

/** `GET …/selectors`. */
export async function fetchSelectors(companyId: number, signal?: AbortSignal): Promise<Selector[]> {
  return (await call(routes.getCompaniesByCompanyIdSelectors, { params: { companyId }, signal })).selectors;
}

/** `GET …/dashboards`: the custom dashboards (menu entries). */
export async function fetchDashboards(companyId: number, signal?: AbortSignal): Promise<CustomDashboard[]> {
  return (await call(routes.getCompaniesByCompanyIdDashboards, { params: { companyId }, signal })).dashboards;
}

/** POST (id null) or PUT one team (company admins). */
export async function saveTeam(companyId: number, id: number | null, body: TeamBody): Promise<Team> {
  const [create, update] = RESOURCE_ROUTES.teams;
  const res = id === null ? await call(create, { params: { companyId }, body }) : await call(update, { params: { companyId, id }, body });
  return res.team;
}

/** POST (id null) or PUT one tag (company admins only). */
export async function saveTag(companyId: number, id: number | null, body: TagBody): Promise<Tag> {
  const [create, update] = RESOURCE_ROUTES.tags;
  const res = id === null ? await call(create, { params: { companyId }, body }) : await call(update, { params: { companyId, id }, body });
  return res.tag;
}

/** POST (id null) or PUT one source. */
export async function saveSource(companyId: number, id: number | null, body: SourceBody): Promise<Source> {
  const [create, update] = RESOURCE_ROUTES.sources;
  const res = id === null ? await call(create, { params: { companyId }, body }) : await call(update, { params: { companyId, id }, body });
  return res.source;
}

/** POST (id null) or PUT one selector list. */
export async function saveSelector(companyId: number, id: number | null, body: SelectorBody): Promise<Selector> {
  const [create, update] = RESOURCE_ROUTES.selectors;
  const res = id === null ? await call(create, { params: { companyId }, body }) : await call(update, { params: { companyId, id }, body });
  return res.selector;
}

/** POST (id null) or PUT one custom dashboard. */
export async function saveDashboard(companyId: number, id: number | null, body: CustomDashboardBody): Promise<CustomDashboard> {
  const [create, update] = RESOURCE_ROUTES.dashboards;
  const res = id === null ? await call(create, { params: { companyId }, body }) : await call(update, { params: { companyId, id }, body });
  return res.dashboard;
}

/** `DELETE …/{resource}/{id}` (company admins). */
export async function deleteRecord(companyId: number, resource: OrganisationResource, id: number): Promise<void> {
  await call(RESOURCE_ROUTES[resource][2], { params: { companyId, id } });
}

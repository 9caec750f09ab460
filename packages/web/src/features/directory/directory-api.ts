import { organisationRouteTable as organisation, usersRouteTable as users, type Operator } from "@atalaya/shared";
import { call } from "../../lib/call";

// The company's people, teams and tags as the pickers of every screen show them (the report's
// assignment, activities, collaborator messages, a form's operator field).

/** TanStack Query keys of the directory; under ["reports"] so a company switch forgets them. */
export const directoryKeys = {
  operators: (companyId: number) => ["reports", "detail", companyId, "operators"] as const,
  teams: (companyId: number) => ["reports", "detail", companyId, "teams"] as const,
  teamsEver: (companyId: number) => ["reports", "detail", companyId, "teams", "ever"] as const,
  tags: (companyId: number) => ["reports", "detail", companyId, "tags"] as const,
};

/** `GET /api/operator/monitoring?companyId=`: operators with role and patrol status. */
export async function fetchOperators(companyId: number, signal?: AbortSignal): Promise<Operator[]> {
  return (await call(users.getOperatorMonitoring, { query: { companyId }, signal })).data.operators;
}

export type { Operator };

/** A team or a tag of the organisation, as the pickers show it. */
export type Named = { id: number; name: string; color: string };

/** `GET /api/companies/{companyId}/teams`: the live teams, or with `includeDeleted` deleted ones too
 * (the history still names the teams reports were assigned to). */
export async function fetchTeams(companyId: number, signal?: AbortSignal, includeDeleted = false): Promise<Named[]> {
  return (await call(organisation.getCompaniesByCompanyIdTeams, { params: { companyId }, query: includeDeleted ? { includeDeleted: "true" } : {}, signal })).teams;
}

/** `GET /api/companies/{companyId}/tags`. */
export async function fetchTags(companyId: number, signal?: AbortSignal): Promise<Named[]> {
  return (await call(organisation.getCompaniesByCompanyIdTags, { params: { companyId }, signal })).tags;
}


import { operatorsRouteTable as routes, type ConnectionLog, type OperatorStatus } from "@atalaya/shared";
import { call } from "../../lib/call";

/** TanStack Query keys of the operators and connections screens. */
export const operatorKeys = {
  operators: (companyId: number) => ["operators", companyId] as const,
  connections: (companyId: number, filter: ConnectionFilter, page: number) => ["connections", companyId, filter, page] as const,
};

/** `GET /api/companies/{companyId}/operators`: members, online state and their work. */
export async function fetchOperators(companyId: number, signal?: AbortSignal): Promise<OperatorStatus[]> {
  return (await call(routes.getCompaniesByCompanyIdOperators, { params: { companyId }, signal })).operators;
}

/** The connections screen's filter: an operator and a window of days (YYYY-MM-DD, both included). */
export interface ConnectionFilter {
  userId?: number;
  startDate?: string;
  endDate?: string;
}

/** `GET /api/companies/{companyId}/connections`: a page of connectivity logs, newest first. */
export function fetchConnections(
  companyId: number,
  filter: ConnectionFilter,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ logs: ConnectionLog[]; total: number }> {
  return call(routes.getCompaniesByCompanyIdConnections, {
    params: { companyId },
    query: { user_id: filter.userId, start_date: filter.startDate, end_date: filter.endDate, page, pageSize },
    signal,
  });
}

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { patrolSchema, patrolsRouteTable as routes, type Patrol } from "@atalaya/shared";
import { call } from "../../lib/call";
import { mergeLiveQueryData } from "../../lib/live-query";
import { useRealtimeEvents } from "../realtime";

/** TanStack Query key of a company's patrols. */
export const patrolKeys = { list: (companyId: number) => ["patrols", companyId] as const };

/** `GET /api/companies/{companyId}/patrols`: status, last position (for an hour) and current report. */
export async function fetchPatrols(companyId: number, signal?: AbortSignal): Promise<Patrol[]> {
  return (await call(routes.getCompaniesByCompanyIdPatrols, { params: { companyId }, signal })).patrols;
}

const NONE: Patrol[] = [];

// Read again every minute: a patrol turns offline, and its marker leaves, by the clock, not by a message.
const REFRESH_MS = 60_000;

/** The company's patrols, kept live: each `patrol` message replaces that patrol's entry. */
export function useLivePatrols(companyId: number, enabled = true): Patrol[] {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: patrolKeys.list(companyId),
    queryFn: ({ signal }) => fetchPatrols(companyId, signal),
    refetchInterval: REFRESH_MS,
    enabled,
  });
  useRealtimeEvents((message) => {
    if (message.type !== "patrol" || message.companyId !== companyId) return;
    const parsed = patrolSchema.safeParse(message.data.patrol);
    if (!parsed.success) return;
    void mergeLiveQueryData<Patrol[]>(queryClient, patrolKeys.list(companyId), (list) =>
      list ? (list.some((p) => p.id === parsed.data.id) ? list.map((p) => (p.id === parsed.data.id ? parsed.data : p)) : [...list, parsed.data]) : list,
    );
  });
  return query.data ?? NONE;
}

import { useQuery } from "@tanstack/react-query";
import { directoryKeys, fetchOperators, fetchTags, fetchTeams, type Named, type Operator } from "./directory-api";

const DIRECTORY_STALE_MS = 60_000;

/** Operators of the company (with role, patrol status and connection), refreshed every minute while shown. */
export function useOperators(companyId: number): { operators: Operator[]; loading: boolean } {
  const query = useQuery({
    queryKey: directoryKeys.operators(companyId),
    queryFn: ({ signal }) => fetchOperators(companyId, signal),
    staleTime: DIRECTORY_STALE_MS,
    refetchInterval: DIRECTORY_STALE_MS,
  });
  return { operators: query.data ?? [], loading: query.isPending };
}

/** Teams of the company (undefined while loading). */
export function useTeams(companyId: number): Named[] | undefined {
  return useQuery({
    queryKey: directoryKeys.teams(companyId),
    queryFn: ({ signal }) => fetchTeams(companyId, signal),
    staleTime: 5 * DIRECTORY_STALE_MS,
  }).data;
}

/** Every team the company ever had, deleted ones too, to name them in activity (undefined while loading). */
export function useTeamNames(companyId: number): Named[] | undefined {
  return useQuery({
    queryKey: directoryKeys.teamsEver(companyId),
    queryFn: ({ signal }) => fetchTeams(companyId, signal, true),
    staleTime: 5 * DIRECTORY_STALE_MS,
  }).data;
}

/** Tags of the company (undefined while loading). */
export function useTags(companyId: number): Named[] | undefined {
  return useQuery({
    queryKey: directoryKeys.tags(companyId),
    queryFn: ({ signal }) => fetchTags(companyId, signal),
    staleTime: 5 * DIRECTORY_STALE_MS,
  }).data;
}

// The directory feature's only door: the company's people, teams and tags as every screen's pickers read them.
export { directoryKeys, fetchOperators, fetchTeams } from "./directory-api";
export { useOperators, useTags, useTeamNames, useTeams } from "./use-directory";

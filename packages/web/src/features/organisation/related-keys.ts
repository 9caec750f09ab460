import { directoryKeys } from "../directory";
import type { OrganisationResource } from "./organisation-api";

/** The pickers' caches of the same lists (pickers), refreshed after a change here. */
export function relatedKeys(resource: OrganisationResource, companyId: number): readonly (readonly unknown[])[] {
  if (resource === "teams") return [directoryKeys.teams(companyId)];
  if (resource === "tags") return [directoryKeys.tags(companyId)];
  return [];
}

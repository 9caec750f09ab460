import { detailKeys } from "../reports/detail/detail-api";
import type { OrganisationResource } from "./organisation-api";

/** The report screens' own caches of the same lists (pickers), refreshed after a change here. */
export function relatedKeys(resource: OrganisationResource, companyId: number): readonly (readonly unknown[])[] {
  if (resource === "teams") return [detailKeys.teams(companyId)];
  if (resource === "tags") return [detailKeys.tags(companyId)];
  return [];
}

import {
  companySettingsResponseSchema,
  providerCompaniesResponseSchema,
  providerCompanyResponseSchema,
  upgradeRequestResponseSchema,
  type CompanySettings,
  type CompanySettingsBody,
  type ProviderCompany,
  type UpgradeRequest,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the settings screen and the provider's companies screen. */
export const companySettingsKeys = {
  settings: (companyId: number) => ["company-settings", companyId] as const,
  providerCompanies: ["provider-companies"] as const,
};

/** `GET /api/companies/{companyId}/settings`. */
export function fetchCompanySettings(companyId: number, signal?: AbortSignal): Promise<CompanySettings> {
  return api.get(`/companies/${companyId}/settings`, { schema: companySettingsResponseSchema.transform((b) => b.settings), signal });
}

/** `PUT /api/companies/{companyId}/settings` (company admins): the settings as saved. */
export function saveCompanySettings(companyId: number, body: CompanySettingsBody): Promise<CompanySettings> {
  return api.put(`/companies/${companyId}/settings`, body, { schema: companySettingsResponseSchema.transform((b) => b.settings) });
}

/** `POST /api/app-companies/freemium/upgrade-request`: opens (or answers the open) upgrade request. */
export function requestUpgrade(companyId: number): Promise<{ request: UpgradeRequest; created: boolean }> {
  return api.post("/app-companies/freemium/upgrade-request", undefined, { query: { companyId }, schema: upgradeRequestResponseSchema });
}

/** `GET /api/admin/companies` (provider administrators). */
export function fetchProviderCompanies(signal?: AbortSignal): Promise<ProviderCompany[]> {
  return api.get("/admin/companies", { schema: providerCompaniesResponseSchema.transform((b) => b.companies), signal });
}

/** `PUT /api/admin/companies/{id}/modules`. */
export function setCompanyModules(id: number, modules: string[]): Promise<ProviderCompany> {
  return api.put(`/admin/companies/${id}/modules`, { modules }, { schema: providerCompanyResponseSchema.transform((b) => b.company) });
}

/** `POST /api/admin/companies/{id}/upgrade-request/decline`: closes the pending request, the plan stays free. */
export function declineUpgradeRequest(id: number): Promise<ProviderCompany> {
  return api.post(`/admin/companies/${id}/upgrade-request/decline`, {}, { schema: providerCompanyResponseSchema.transform((b) => b.company) });
}

/** `PUT /api/admin/companies/{id}/flags`: lifting freemium also closes the pending upgrade request. */
export function setCompanyFlags(id: number, flags: { is_freemium?: boolean; is_observer?: boolean }): Promise<ProviderCompany> {
  return api.put(`/admin/companies/${id}/flags`, flags, { schema: providerCompanyResponseSchema.transform((b) => b.company) });
}

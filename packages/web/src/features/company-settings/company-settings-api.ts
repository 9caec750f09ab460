import {
  apiKeyCreatedResponseSchema,
  apiKeyResponseSchema,
  apiKeysResponseSchema,
  companySettingsResponseSchema,
  providerCompaniesResponseSchema,
  providerCompanyResponseSchema,
  upgradeRequestResponseSchema,
  type ApiKey,
  type CompanySettings,
  type CompanySettingsBody,
  type ProviderCompany,
  type UpgradeRequest,
} from "@atalaya/shared";
import { api } from "../../lib/api";

/** TanStack Query keys of the settings screen and the provider's companies screen. */
export const companySettingsKeys = {
  settings: (companyId: number) => ["company-settings", companyId] as const,
  apiKeys: (companyId: number) => ["company-settings", companyId, "api-keys"] as const,
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

/** `GET /api/companies/{companyId}/api-keys` (company admins): the Open311 keys, never the keys themselves. */
export function fetchApiKeys(companyId: number, signal?: AbortSignal): Promise<ApiKey[]> {
  return api.get(`/companies/${companyId}/api-keys`, { schema: apiKeysResponseSchema.transform((b) => b.apiKeys), signal });
}

/** `POST /api/companies/{companyId}/api-keys`: the new key, whole this once. */
export function createApiKey(companyId: number, name: string): Promise<{ apiKey: ApiKey; key: string }> {
  return api.post(`/companies/${companyId}/api-keys`, { name }, { schema: apiKeyCreatedResponseSchema });
}

/** `DELETE /api/companies/{companyId}/api-keys/{id}`: revoked at once. */
export function revokeApiKey(companyId: number, id: number): Promise<ApiKey> {
  return api.delete(`/companies/${companyId}/api-keys/${id}`, { schema: apiKeyResponseSchema.transform((b) => b.apiKey) });
}

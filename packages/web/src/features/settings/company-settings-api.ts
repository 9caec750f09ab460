import {
  companySettingsRouteTable as settings,
  open311RouteTable as open311,
  providerRouteTable as provider,
  type ApiKey,
  type CompanySettings,
  type CompanySettingsBody,
  type ModuleName,
  type ProviderCompany,
} from "@atalaya/shared";
import { call, queryKeyOf, type AnswerOf } from "../../lib/call";

/** TanStack Query keys of the settings screen and the provider's companies screen. */
export const companySettingsKeys = {
  settings: (companyId: number) => queryKeyOf(settings.getCompaniesByCompanyIdSettings, { params: { companyId } }),
  apiKeys: (companyId: number) => queryKeyOf(open311.getCompaniesByCompanyIdApiKeys, { params: { companyId } }),
  providerCompanies: queryKeyOf(provider.getAdminCompanies),
};

/** `GET /api/companies/{companyId}/settings`. */
export async function fetchCompanySettings(companyId: number, signal?: AbortSignal): Promise<CompanySettings> {
  return (await call(settings.getCompaniesByCompanyIdSettings, { params: { companyId }, signal })).settings;
}

/** `PUT /api/companies/{companyId}/settings` (company admins): the settings as saved. */
export async function saveCompanySettings(companyId: number, body: CompanySettingsBody): Promise<CompanySettings> {
  return (await call(settings.putCompaniesByCompanyIdSettings, { params: { companyId }, body })).settings;
}

/** `POST /api/app-companies/freemium/upgrade-request`: opens (or answers the open) upgrade request. */
export function requestUpgrade(companyId: number): Promise<AnswerOf<typeof provider.postAppCompaniesFreemiumUpgradeRequest>> {
  return call(provider.postAppCompaniesFreemiumUpgradeRequest, { query: { companyId } });
}

/** `GET /api/admin/companies` (provider administrators). */
export async function fetchProviderCompanies(signal?: AbortSignal): Promise<ProviderCompany[]> {
  return (await call(provider.getAdminCompanies, { signal })).companies;
}

/** `PUT /api/admin/companies/{id}/modules`. */
export async function setCompanyModules(id: number, modules: ModuleName[]): Promise<ProviderCompany> {
  return (await call(provider.putAdminCompaniesByIdModules, { params: { id }, body: { modules } })).company;
}

/** `POST /api/admin/companies/{id}/upgrade-request/decline`: closes the pending request, the plan stays free. */
export async function declineUpgradeRequest(id: number): Promise<ProviderCompany> {
  return (await call(provider.postAdminCompaniesByIdUpgradeRequestDecline, { params: { id } })).company;
}

/** `PUT /api/admin/companies/{id}/flags`: lifting freemium also closes the pending upgrade request. */
export async function setCompanyFlags(id: number, flags: { is_freemium?: boolean; is_observer?: boolean }): Promise<ProviderCompany> {
  return (await call(provider.putAdminCompaniesByIdFlags, { params: { id }, body: flags })).company;
}

/** `GET /api/companies/{companyId}/api-keys` (company admins): the Open311 keys, never the keys themselves. */
export async function fetchApiKeys(companyId: number, signal?: AbortSignal): Promise<ApiKey[]> {
  return (await call(open311.getCompaniesByCompanyIdApiKeys, { params: { companyId }, signal })).apiKeys;
}

/** `POST /api/companies/{companyId}/api-keys`: the new key, whole this once. */
export function createApiKey(companyId: number, name: string): Promise<AnswerOf<typeof open311.postCompaniesByCompanyIdApiKeys>> {
  return call(open311.postCompaniesByCompanyIdApiKeys, { params: { companyId }, body: { name } });
}

/** `DELETE /api/companies/{companyId}/api-keys/{id}`: revoked at once. */
export async function revokeApiKey(companyId: number, id: number): Promise<ApiKey> {
  return (await call(open311.deleteCompaniesByCompanyIdApiKeysById, { params: { companyId, id } })).apiKey;
}

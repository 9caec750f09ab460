// The settings feature's only door: the selected company's settings and the operator's role in it.
export { companyRoleOf } from "./company-role";
export { getSelectedCompanyId, setSelectedCompanyId } from "./company-selection";
export { companySettingsKeys, createApiKey, declineUpgradeRequest, fetchApiKeys, fetchCompanySettings, fetchProviderCompanies, requestUpgrade, revokeApiKey, saveCompanySettings, setCompanyFlags, setCompanyModules } from "./company-settings-api";
export { fetchSettings, settingsQuery, settingsQueryKey } from "./settings-api";
export { SettingsContext, useSettings, type SettingsContextValue } from "./settings-context";
export { loadSettingsApi } from "./lazy";

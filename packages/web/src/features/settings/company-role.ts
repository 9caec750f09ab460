import { COMPANY_ROLES, type CompanyRole, type SettingsResponse } from "@atalaya/shared";

/** The signed-in user's role in the selected company, or null when they hold none there (a provider's
 * administrator looking at an organisation) or one the portal does not know. */
export function companyRoleOf(settings: SettingsResponse): CompanyRole | null {
  const membership = settings.user.companies.find((c) => c.id === settings.company.id)?.role;
  return (COMPANY_ROLES as readonly string[]).includes(membership ?? "") ? (membership as CompanyRole) : null;
}

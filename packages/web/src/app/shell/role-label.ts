import { roleName, type SettingsResponse } from "@atalaya/shared";
import { ROLE_NAME_KEYS, type RoleKey } from "../../lib/role-keys";

// A membership role in an organisation reads as the SPEC §6 role of the same rights.
const ROLE_KEYS: Record<string, RoleKey> = { ...ROLE_NAME_KEYS, company_admin: "admin", operator: "operator", patrol: "patrol" };

/**
 * The role shown beside the user's name: Root for several groups (SPEC §6), else the membership role
 * in the current organisation, else the user's own role. Returns an i18n key or the raw name.
 */
export function roleLabelKey(settings: SettingsResponse): { key: `roles.${RoleKey}` } | { raw: string } {
  const { user, company } = settings;
  const membership = user.companies.find((entry) => entry.id === company.id)?.role;
  const raw = user.groups.length > 1 ? roleName(user.groups) : (membership ?? user.role ?? roleName(user.groups));
  const key = ROLE_KEYS[raw];
  return key ? { key: `roles.${key}` } : { raw };
}

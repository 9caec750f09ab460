/** User groups of SPEC §6 and the names shown for them. */
export const GROUPS = {
  admin: 1,
  client: 2,
  operator: 3,
  patrol: 4,
  companyAdmin: 10,
  guest: 13,
  root: 100,
} as const;
export type GroupId = (typeof GROUPS)[keyof typeof GROUPS];

/** Groups that may sign in to the portal (SPEC §6: allowed login roles 1, 2, 3). */
export const LOGIN_GROUPS: readonly number[] = [GROUPS.admin, GROUPS.client, GROUPS.operator];

export const ROLE_NAMES = ["Super admin", "Client", "Patrol", "Operator", "Admin", "Root", "Guest"] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

const NAME_BY_GROUP: Record<number, RoleName> = {
  [GROUPS.admin]: "Super admin",
  [GROUPS.client]: "Client",
  [GROUPS.operator]: "Operator",
  [GROUPS.patrol]: "Patrol",
  [GROUPS.companyAdmin]: "Admin",
  [GROUPS.guest]: "Guest",
  [GROUPS.root]: "Root",
};

/** The single role name shown for a user; more than one group reads as Root (SPEC §6). */
export function roleName(groups: readonly number[]): RoleName {
  if (groups.length > 1) return "Root";
  const only = groups[0];
  return (only !== undefined && NAME_BY_GROUP[only]) || "Guest";
}

/** Admin is group 1 or 100 (SPEC §6). */
export function isAdminGroup(groups: readonly number[]): boolean {
  return groups.includes(GROUPS.admin) || groups.includes(GROUPS.root);
}

/** Membership roles inside one company. */
export const COMPANY_ROLES = ["company_admin", "operator", "patrol"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

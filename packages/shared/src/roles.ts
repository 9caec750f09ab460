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

/** The one table of SPEC §6: each numeric group and the role name shown for it. */
export const ROLE_NAME_BY_GROUP: Readonly<Record<GroupId, RoleName>> = {
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
  return (only !== undefined && ROLE_NAME_BY_GROUP[only as GroupId]) || "Guest";
}

/** Admin is group 1 or 100 (SPEC §6). */
export function isAdminGroup(groups: readonly number[]): boolean {
  return groups.includes(GROUPS.admin) || groups.includes(GROUPS.root);
}

/** Membership roles inside one company. */
export const COMPANY_ROLES = ["company_admin", "operator", "patrol"] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** The name shown for each role a member holds in a company (SPEC §6 names). */
export const COMPANY_ROLE_NAMES: Readonly<Record<CompanyRole, RoleName>> = {
  company_admin: "Admin",
  operator: "Operator",
  patrol: "Patrol",
};

/** The global group a new account gets with its first company role. A company admin is group 2 as in
 * the demo: group 10 is not among the groups allowed to sign in (SPEC §6: 1, 2, 3). */
export const GROUP_OF_COMPANY_ROLE: Readonly<Record<CompanyRole, GroupId>> = {
  company_admin: GROUPS.client,
  operator: GROUPS.operator,
  patrol: GROUPS.patrol,
};

/** How a member reads in a company's lists: their company role's name, or Root when their account holds
 * more than one group (SPEC §6). */
export function memberRoleName(groups: readonly number[], role: CompanyRole): RoleName {
  return groups.length > 1 ? "Root" : COMPANY_ROLE_NAMES[role];
}

const ALL_COMPANY_ROLES: readonly CompanyRole[] = COMPANY_ROLES;

/** Who may grant which company role, by global group (SPEC §6): root (100), admin (1) and the company-admin
 * group (10) grant every company role. */
const GRANTS_BY_GROUP: Readonly<Partial<Record<number, readonly CompanyRole[]>>> = {
  [GROUPS.root]: ALL_COMPANY_ROLES,
  [GROUPS.admin]: ALL_COMPANY_ROLES,
  [GROUPS.companyAdmin]: ALL_COMPANY_ROLES,
};

/** …and by the role held in the company: a company's admin grants operator and patrol; making or
 * unmaking a company admin takes one of the groups above. */
const GRANTS_BY_COMPANY_ROLE: Readonly<Record<CompanyRole, readonly CompanyRole[]>> = {
  company_admin: ["operator", "patrol"],
  operator: [],
  patrol: [],
};

/** The company roles an actor may grant: the union of what their groups and their role in the company
 * (null: not a member) allow. */
export function grantableRoles(actor: { groups: readonly number[]; role: CompanyRole | null }): CompanyRole[] {
  const granted = new Set<CompanyRole>(actor.role ? GRANTS_BY_COMPANY_ROLE[actor.role] : []);
  for (const g of actor.groups) for (const r of GRANTS_BY_GROUP[g] ?? []) granted.add(r);
  return COMPANY_ROLES.filter((r) => granted.has(r));
}

/** Whether the actor may move a member from one role (null: a new member) to another: both must be
 * roles they may grant. Otherwise the API answers "You do not have permission to change this role". */
export function mayChangeRole(actor: { groups: readonly number[]; role: CompanyRole | null }, from: CompanyRole | null, to: CompanyRole): boolean {
  const grantable = grantableRoles(actor);
  return grantable.includes(to) && (from === null || grantable.includes(from));
}

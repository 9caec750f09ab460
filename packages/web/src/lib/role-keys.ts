import type { RoleName } from "@atalaya/shared";

/** A role's key in the catalogue's `roles` section. */
export type RoleKey = "superAdmin" | "client" | "patrol" | "operator" | "admin" | "root" | "guest";

/** The `roles.*` key of each SPEC §6 role name; the header and the users screens name roles with it. */
export const ROLE_NAME_KEYS: Record<RoleName, RoleKey> = {
  "Super admin": "superAdmin",
  Client: "client",
  Patrol: "patrol",
  Operator: "operator",
  Admin: "admin",
  Root: "root",
  Guest: "guest",
};

// Company modules (SPEC §3 Company.modules, §6: "company modules control which features appear,
// checked by module name"). One list and one check, used by the web menu and by the server's guard,
// so a feature the UI hides is also one the API refuses.

/** Every module a company can have, by the name stored in `companies.modules`. */
export const MODULES = [
  "events",
  "history",
  "dashboard",
  "maps",
  "patrols",
  "zones",
  "shifts",
  "answers",
  "reported_users",
  "teams",
  "tags",
  "messages",
  "forms",
  "assets",
  "safetags",
  "custom_dashboards",
  "statistics_v2",
] as const;
export type ModuleName = (typeof MODULES)[number];

/** SPEC §6's beta list: modules offered as previews. */
export const BETA_MODULES: readonly ModuleName[] = ["statistics_v2"];

/** Whether a company with these modules has `name`. */
export function hasModule(modules: readonly string[], name: ModuleName): boolean {
  return modules.includes(name);
}

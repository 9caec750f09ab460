import { hasModule, isAdminGroup, type CompanyRole, type SettingsResponse } from "@atalaya/shared";
import type { MenuEntry } from "../../lib/feature";
import * as reports from "../../features/reports";
import * as dashboard from "../../features/dashboard";
import * as history from "../../features/history";
import * as replies from "../../features/replies";
import * as answers from "../../features/answers";
import * as reportedUsers from "../../features/reported-users";
import * as maps from "../../features/maps";
import * as patrols from "../../features/patrols";
import * as zones from "../../features/zones";
import * as operators from "../../features/operators";
import * as plates from "../../features/plates";
import * as shifts from "../../features/shifts";
import * as alarm from "../../features/alarm";
import * as users from "../../features/users";
import * as organisation from "../../features/organisation";
import * as collaboratorMessages from "../../features/collaborator-messages";
import * as messages from "../../features/messages";
import * as assets from "../../features/assets";
import * as safetags from "../../features/safetags";
import * as forms from "../../features/forms";
import * as activities from "../../features/activities";
import * as clientErrors from "../../features/client-errors";
import * as mail from "../../features/mail";
import * as lawEnforcement from "../../features/law-enforcement";
import * as companySettings from "../../features/company-settings";
import { companyRoleOf } from "../../features/settings";

export type { MenuEntry };

/** An entry as shown: locked ones open the upgrade prompt. */
export interface VisibleMenuEntry extends MenuEntry {
  locked: boolean;
}

/**
 * The side navigation: the features' rows (each index.ts's `menu`, by name), in SPEC §2 order
 * (Events, History, Replies, Auto-replies, Messages, Companies, Users, Connections, Shifts, Operators,
 * Tags, Sounds, Log out, Law enforcement, Settings) with the portal's other screens beside their kin.
 * A row exists only for a screen that exists. Log out is the navigation's own action, below the list.
 */
export const MENU: readonly MenuEntry[] = [
  reports.menu.events,
  dashboard.menu.dashboard,
  history.menu.history,
  history.menu.activity,
  replies.menu.replies,
  answers.menu.answers,
  reportedUsers.menu.reportedUsers,
  reports.menu.reviews,
  maps.menu.maps,
  patrols.menu.patrols,
  zones.menu.zones,
  operators.menu.connections,
  plates.menu.plateLookups,
  shifts.menu.shifts,
  operators.menu.operators,
  alarm.menu.sounds,
  users.menu.users,
  organisation.menu.teams,
  collaboratorMessages.menu.collaboratorsMessages,
  messages.menu.messages,
  messages.menu.messagesApproval,
  organisation.menu.tags,
  organisation.menu.sources,
  organisation.menu.formSelectors,
  assets.menu.assets,
  safetags.menu.safetags,
  forms.menu.forms,
  activities.menu.activities,
  activities.menu.activitiesCompliance,
  organisation.menu.customDashboards,
  companySettings.menu.companies,
  clientErrors.menu.clientErrors,
  mail.menu.mailOutbox,
  lawEnforcement.menu.lawEnforcementRequests,
  companySettings.menu.settings,
];

/** What decides which entries a user sees: the selected company's modules and their role in it. */
export interface MenuAccess {
  modules: readonly string[];
  role: CompanyRole | null;
  /** The selected company is a free account (SPEC §1). */
  freemium?: boolean;
  /** The user is one of the provider's administrators (groups 1 or 100). */
  provider?: boolean;
}

/** The user's access in the selected company, from the settings response. */
export function menuAccess(settings: SettingsResponse): MenuAccess {
  return { modules: settings.company.modules, role: companyRoleOf(settings), freemium: settings.company.is_freemium, provider: isAdminGroup(settings.user.groups) };
}

/** True when the entry's screen is not in a free organisation's plan: it shows the upgrade prompt instead,
 * from the menu (side-nav.tsx) and by its address (lockedScreenAt, for the router). */
export function isLocked(access: MenuAccess, entry: MenuEntry): boolean {
  return access.freemium === true && entry.freemium !== undefined;
}

/** The entries to show: the role may open the screen and the company has the module; a free company
 * sees its plan's missing screens locked (whatever its modules), the provider's administrators their own. */
export function visibleMenu(access: MenuAccess, entries: readonly MenuEntry[] = MENU): VisibleMenuEntry[] {
  const role = access.role;
  if (role === null) return [];
  const locked = (e: MenuEntry) => isLocked(access, e);
  return entries
    .filter((e) => e.roles.includes(role))
    .filter((e) => (e.provider ? access.provider === true : true))
    .filter((e) => (e.freemium === "lockedOnly" ? access.freemium === true : true))
    .filter((e) => locked(e) || e.module === null || hasModule(access.modules, e.module))
    .map((e) => ({ ...e, locked: locked(e) }));
}

/** The entry whose screen is open (the longest path the address starts with), for the selection. */
export function activeEntry(pathname: string, entries: readonly MenuEntry[]): MenuEntry | undefined {
  return entries
    .filter((e) => pathname === e.path || pathname.startsWith(`${e.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** The entry whose screen (or a screen under it) the address opens when the user may not open it —
 * their role is not among its roles, or it is the provider's and they are not its administrator —, or
 * undefined: what the router sends to `/notAuth` (SPEC §6: a page with a back-to-home link) however
 * the address was reached, instead of a screen whose data the server would refuse. */
export function refusedScreenAt(pathname: string, access: MenuAccess, entries: readonly MenuEntry[] = MENU): MenuEntry | undefined {
  const entry = activeEntry(pathname, entries);
  // Without a known role the server alone decides (the provider's administrators act in any company).
  if (!entry || access.role === null) return undefined;
  const allowed = entry.roles.includes(access.role) && (!entry.provider || access.provider === true);
  return allowed ? undefined : entry;
}

/** The locked entry whose screen (or a screen under it) the address opens, or undefined: what the router
 * replaces by the upgrade prompt however the address was reached (typed, reloaded, a link). */
export function lockedScreenAt(pathname: string, access: MenuAccess, entries: readonly MenuEntry[] = MENU): MenuEntry | undefined {
  const entry = activeEntry(pathname, entries);
  return entry && isLocked(access, entry) ? entry : undefined;
}

import type { ComponentType } from "react";
import {
  ApartmentOutlined,
  QrcodeOutlined,
  KeyOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  InboxOutlined,
  MailOutlined,
  SafetyCertificateOutlined,
  BarChartOutlined,
  BugOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DatabaseOutlined,
  FundViewOutlined,
  TagsOutlined,
  CarOutlined,
  ClockCircleOutlined,
  CommentOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  FileSearchOutlined,
  FormOutlined,
  GatewayOutlined,
  HistoryOutlined,
  MessageOutlined,
  NotificationOutlined,
  SettingOutlined,
  SoundOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UserDeleteOutlined,
  UserOutlined,
  WifiOutlined,
} from "@ant-design/icons";
import { COMPANY_ROLES, hasModule, isAdminGroup, type CompanyRole, type ModuleName, type SettingsResponse } from "@atalaya/shared";
import { companyRoleOf } from "../settings/company-role";

/** A menu row's name: the module's own name (`modules` catalogue section) for a module's main screen,
 * else its `nav` text; the catalogue keeps each name once. */
export type MenuLabelKey = `nav.${keyof NavTexts}` | `modules.${ModuleName}`;

/** The `nav` section of the Spanish catalogue (@atalaya/shared/locales/es/portal.json). */
type NavTexts = (typeof import("@atalaya/shared/locales/es/portal.json"))["nav"];

/** One entry of the side navigation: a screen that exists, what it needs to be shown. */
export interface MenuEntry {
  /** The route it opens (also the menu key). */
  path: string;
  /** Decorative: the side navigation hides it from assistive technology (the row's name says it all). */
  icon: ComponentType<{ "aria-hidden"?: boolean }>;
  label: MenuLabelKey;
  /** The company module it belongs to (SPEC §6, checked by name); null: every company has it. */
  module: ModuleName | null;
  /** Membership roles that may open it: the same as the server's permission for the screen's data, so
   * an entry never leads to a refusal. */
  roles: readonly CompanyRole[];
  /** `locked`: a free (freemium) organisation sees it with a lock, opening the upgrade prompt instead of
   * the screen (SPEC §1: no groups, no geolocated messages); `lockedOnly`: shown only so, to free ones. */
  freemium?: "locked" | "lockedOnly";
  /** Only for the provider's administrators (groups 1 and 100), whatever their role in the company. */
  provider?: true;
  /** A count shown on the row (the side navigation reads it): unread collaborator messages, reports
   * waiting for review. */
  badge?: "collaboratorMessages" | "reviews";
}

/** An entry as shown: locked ones open the upgrade prompt. */
export interface VisibleMenuEntry extends MenuEntry {
  locked: boolean;
}

const ALL = COMPANY_ROLES;
const WORKERS: readonly CompanyRole[] = ["company_admin", "operator"];
const ADMINS: readonly CompanyRole[] = ["company_admin"];

/**
 * The side navigation, in SPEC §2 order (Events, History, Replies, Auto-replies, Messages, Companies,
 * Users, Connections, Shifts, Operators, Tags, Sounds, Log out, Law enforcement, Settings) with the
 * portal's other screens beside their kin. A row exists only for a screen that exists: a new screen is
 * one row here. Log out is the navigation's own action, below the list.
 */
export const MENU: readonly MenuEntry[] = [
  { path: "/v3/events", icon: NotificationOutlined, label: "modules.events", module: "events", roles: ALL },
  { path: "/v3/dashboard", icon: BarChartOutlined, label: "modules.dashboard", module: "dashboard", roles: WORKERS },
  { path: "/v3/history", icon: HistoryOutlined, label: "modules.history", module: "history", roles: ALL },
  { path: "/v3/activity", icon: FieldTimeOutlined, label: "nav.activity", module: "history", roles: ALL },
  { path: "/v3/replies", icon: CommentOutlined, label: "nav.replies", module: "events", roles: WORKERS },
  { path: "/v3/answers", icon: ThunderboltOutlined, label: "modules.answers", module: "answers", roles: WORKERS },
  { path: "/v3/reported-users", icon: UserDeleteOutlined, label: "modules.reported_users", module: "reported_users", roles: WORKERS },
  { path: "/v3/reviews", icon: AuditOutlined, label: "nav.reviews", module: null, roles: ADMINS, badge: "reviews" },
  { path: "/v3/maps", icon: EnvironmentOutlined, label: "modules.maps", module: "maps", roles: WORKERS },
  { path: "/v3/patrols", icon: CarOutlined, label: "modules.patrols", module: "patrols", roles: WORKERS },
  { path: "/v3/zones", icon: GatewayOutlined, label: "modules.zones", module: "zones", roles: ALL },
  { path: "/v3/connections", icon: WifiOutlined, label: "nav.connections", module: null, roles: ADMINS },
  { path: "/v3/plate-lookups", icon: FileSearchOutlined, label: "nav.plateLookups", module: null, roles: ADMINS },
  { path: "/v3/shifts", icon: ClockCircleOutlined, label: "modules.shifts", module: "shifts", roles: WORKERS },
  { path: "/v3/operators", icon: TeamOutlined, label: "nav.operators", module: null, roles: WORKERS },
  { path: "/v3/sounds", icon: SoundOutlined, label: "nav.sounds", module: "events", roles: ALL },
  { path: "/v3/users", icon: UserOutlined, label: "nav.users", module: null, roles: ADMINS },
  { path: "/v3/teams", icon: ApartmentOutlined, label: "modules.teams", module: "teams", roles: WORKERS, freemium: "locked" },
  { path: "/v3/collaborators/messages", icon: MailOutlined, label: "nav.collaboratorMessages", module: null, roles: ALL, badge: "collaboratorMessages" },
  { path: "/v3/messages", icon: MessageOutlined, label: "modules.messages", module: "messages", roles: WORKERS, freemium: "locked" },
  { path: "/v3/messages-approval", icon: AuditOutlined, label: "nav.messagesApproval", module: null, roles: ALL, provider: true },
  { path: "/v3/tags", icon: TagsOutlined, label: "modules.tags", module: "tags", roles: WORKERS },
  { path: "/v3/sources", icon: DatabaseOutlined, label: "nav.sources", module: null, roles: WORKERS },
  { path: "/v3/form-selectors", icon: AppstoreOutlined, label: "nav.selectors", module: null, roles: WORKERS },
  { path: "/v3/assets", icon: QrcodeOutlined, label: "modules.assets", module: "assets", roles: WORKERS },
  { path: "/v3/safetags", icon: KeyOutlined, label: "modules.safetags", module: "safetags", roles: WORKERS },
  { path: "/v3/forms", icon: FormOutlined, label: "modules.forms", module: "forms", roles: WORKERS },
  { path: "/v3/activities", icon: CalendarOutlined, label: "nav.activities", module: "forms", roles: WORKERS },
  { path: "/v3/activities/compliance", icon: CheckSquareOutlined, label: "nav.activityCompliance", module: "forms", roles: WORKERS },
  { path: "/v3/custom-dashboards", icon: FundViewOutlined, label: "modules.custom_dashboards", module: "custom_dashboards", roles: ADMINS },
  { path: "/v3/companies", icon: BankOutlined, label: "nav.companies", module: null, roles: ALL, provider: true },
  { path: "/v3/client-errors", icon: BugOutlined, label: "nav.clientErrors", module: null, roles: ALL, provider: true },
  { path: "/v3/mail-outbox", icon: InboxOutlined, label: "nav.mailOutbox", module: null, roles: ALL, provider: true },
  { path: "/v3/law-enforcement-requests", icon: SafetyCertificateOutlined, label: "nav.lawEnforcement", module: null, roles: ALL, provider: true },
  { path: "/v3/settings", icon: SettingOutlined, label: "nav.settings", module: null, roles: WORKERS },
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

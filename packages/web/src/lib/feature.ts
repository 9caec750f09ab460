import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { COMPANY_ROLES, type CompanyRole, type ModuleName } from "@atalaya/shared";
import type { Catalogue } from "./i18n";

// What a feature gives the app (its index.ts exports them): its screens, its rows of the side navigation
// and its texts. app/ assembles the router, the menu and the catalogues from every feature's; no screen is
// listed twice.

/** A feature's screens: those anyone may open (visitor and public pages), and those inside the signed-in
 * frame (their paths under /v3). Each loads its code when it opens. */
export interface FeatureRoutes {
  open?: RouteObject[];
  signedIn?: RouteObject[];
}

/** A feature's sections of the portal's catalogue in each language, each loaded when that language's
 * catalogue is (app/catalogues.ts). English and French must have the Spanish keys (the type check sees a
 * missing one, i18n/catalogues.test.ts an extra one). */
export interface FeatureTexts<T extends object> {
  es: () => Promise<T>;
  en: () => Promise<Catalogue<T>>;
  fr: () => Promise<Catalogue<T>>;
}

/** A feature's texts, typed from the Spanish ones. */
export function featureTexts<T extends object>(texts: FeatureTexts<T>): FeatureTexts<T> {
  return texts;
}

/** A feature's section with the rule texts the server answers with too under its `rules` (organisation,
 * forms and assets: the same words in the portal's checks and in the API's errors). */
export async function withRules<S extends string, T extends Record<S, object>, R>(
  section: S,
  texts: Promise<{ default: T }>,
  rules: Promise<{ default: R }>,
): Promise<Record<S, T[S] & { rules: R }>> {
  const [{ default: own }, { default: server }] = await Promise.all([texts, rules]);
  return { [section]: { ...own[section], rules: server } } as Record<S, T[S] & { rules: R }>;
}

/** The role groups a menu row names (SPEC §6). */
export const ROLES = {
  all: COMPANY_ROLES,
  workers: ["company_admin", "operator"],
  admins: ["company_admin"],
} as const satisfies Record<string, readonly CompanyRole[]>;

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

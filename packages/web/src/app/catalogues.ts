import type { Language } from "@atalaya/shared";
import { registerCatalogues, type Catalogue } from "../lib/i18n";
import type { es } from "../i18n/locales/es";
import { esCore } from "../i18n/locales/es-core";
import * as activities from "../features/activities";
import * as alarm from "../features/alarm";
import * as answers from "../features/answers";
import * as assets from "../features/assets";
import * as clientErrors from "../features/client-errors";
import * as collaboratorMessages from "../features/collaborator-messages";
import * as companySettings from "../features/company-settings";
import * as dashboard from "../features/dashboard";
import * as errors from "../features/errors";
import * as exportFeature from "../features/export";
import * as forms from "../features/forms";
import * as history from "../features/history";
import * as lawEnforcement from "../features/law-enforcement";
import * as mail from "../features/mail";
import * as maps from "../features/maps";
import * as messages from "../features/messages";
import * as notifications from "../features/notifications";
import * as operators from "../features/operators";
import * as organisation from "../features/organisation";
import * as patrols from "../features/patrols";
import * as plates from "../features/plates";
import * as publicLink from "../features/public-link";
import * as replies from "../features/replies";
import * as reportedUsers from "../features/reported-users";
import * as reports from "../features/reports";
import * as safetags from "../features/safetags";
import * as search from "../features/search";
import * as shifts from "../features/shifts";
import * as signup from "../features/signup";
import * as users from "../features/users";
import * as zones from "../features/zones";

// The portal's catalogues, registered with the i18n runtime (lib/i18n.ts) as this module is imported:
// first by main.tsx, the build's prerender and the tests that read texts. A language's catalogue is its
// app part (i18n/locales/: the login page's sections, then the app-wide ones) and every feature's own
// sections (each index.ts's `texts`), loaded together with the first route past the login page.

/** Every feature's texts; a feature with texts is listed here once. */
const FEATURE_TEXTS = [
  activities.texts,
  alarm.texts,
  answers.texts,
  assets.texts,
  clientErrors.texts,
  collaboratorMessages.texts,
  companySettings.texts,
  dashboard.texts,
  errors.texts,
  exportFeature.texts,
  forms.texts,
  history.texts,
  lawEnforcement.texts,
  mail.texts,
  maps.texts,
  messages.texts,
  notifications.texts,
  operators.texts,
  organisation.texts,
  patrols.texts,
  plates.texts,
  publicLink.texts,
  replies.texts,
  reportedUsers.texts,
  reports.texts,
  safetags.texts,
  search.texts,
  shifts.texts,
  signup.texts,
  users.texts,
  zones.texts,
] as const;

type Intersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/** The whole Spanish catalogue: the shape every language has. */
export type SpanishCatalogue = typeof es & Intersection<Awaited<ReturnType<(typeof FEATURE_TEXTS)[number]["es"]>>>;

const appParts = {
  es: () => import("../i18n/locales/es").then((m) => m.es),
  en: () => import("../i18n/locales/en").then((m) => m.en),
  fr: () => import("../i18n/locales/fr").then((m) => m.fr),
};

/** A language's whole catalogue: its app part and every feature's sections, downloaded side by side. */
export async function loadWholeCatalogue(lang: "es"): Promise<SpanishCatalogue>;
export async function loadWholeCatalogue(lang: Language): Promise<Catalogue<SpanishCatalogue>>;
export async function loadWholeCatalogue(lang: Language): Promise<Catalogue<SpanishCatalogue>> {
  const parts = await Promise.all([appParts[lang](), ...FEATURE_TEXTS.map((texts) => texts[lang]())]);
  return Object.assign({}, ...parts) as Catalogue<SpanishCatalogue>;
}

registerCatalogues({
  core: esCore,
  portal: () => loadWholeCatalogue("es"),
  others: { en: () => loadWholeCatalogue("en"), fr: () => loadWholeCatalogue("fr") },
});

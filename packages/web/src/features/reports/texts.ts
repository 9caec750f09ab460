import { featureTexts } from "../../lib/feature";

/** This feature's texts, in each language: the `events`, `sorts`, `createReport`, `reportDetail`, `report`, `triage`, `duplicates`, `reportLife`, `reportFlags` sections of the portal's catalogue
 * (`@atalaya/shared/locales/<lang>/portal/reports.json`). */
export const texts = featureTexts({
  es: () => import("@atalaya/shared/locales/es/portal/reports.json").then((m) => m.default),
  en: () => import("@atalaya/shared/locales/en/portal/reports.json").then((m) => m.default),
  fr: () => import("@atalaya/shared/locales/fr/portal/reports.json").then((m) => m.default),
});

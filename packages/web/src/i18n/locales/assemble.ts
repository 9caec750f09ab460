// How a language's catalogue is put together from its JSON files, written once for es, en and fr: the
// login page's sections (portal-core.json) with the report-life reasons among the errors' reasons, then
// the app-wide sections of the other routes (portal.json). Spanish takes the two steps in two downloads
// (es-core.ts, es.ts); English and French load whole. The features' sections are added by app/catalogues.ts.

/** The login page's sections, the report-life reasons (`report-life.json`) joined to the 409 reasons. */
export function withReasons<Core extends { errors: { reasons: object } }, Reasons extends object>(core: Core, reportLife: Reasons) {
  return { ...core, errors: { ...core.errors, reasons: { ...reportLife, ...core.errors.reasons } } };
}

/** The app's part of a catalogue: the core, and the other routes' app-wide sections (their `common` words
 * joined to the core's). Each feature's own sections come from the feature (app/catalogues.ts). */
export function withPortal<Core extends { common: object }, Portal extends { common: object }>(core: Core, portal: Portal) {
  return { ...core, ...portal, common: { ...core.common, ...portal.common } };
}

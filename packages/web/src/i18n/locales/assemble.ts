// How a language's catalogue is put together from its JSON files, written once for es, en and fr: the
// login page's sections (portal-core.json) with the report-life reasons among the errors' reasons, then
// the other routes' sections (portal.json) with the rule texts the server answers with too. Spanish takes
// the two steps in two downloads (es-core.ts, es.ts); English and French load whole.

/** The login page's sections, the report-life reasons (`report-life.json`) joined to the 409 reasons. */
export function withReasons<Core extends { errors: { reasons: object } }, Reasons extends object>(core: Core, reportLife: Reasons) {
  return { ...core, errors: { ...core.errors, reasons: { ...reportLife, ...core.errors.reasons } } };
}

/** The rule texts the server answers with too, each under its section's `rules`. */
interface Rules<O, F, A> {
  organisation: O;
  forms: F;
  assets: A;
}

/** The whole catalogue: the core, the other routes' sections (their `common` words joined to the
 * core's) and the rule texts. */
export function withPortal<
  Core extends { common: object },
  Portal extends { common: object; organisation: object; forms: object; assets: object },
  O,
  F,
  A,
>(core: Core, portal: Portal, rules: Rules<O, F, A>) {
  return {
    ...core,
    ...portal,
    common: { ...core.common, ...portal.common },
    organisation: { ...portal.organisation, rules: rules.organisation },
    forms: { ...portal.forms, rules: rules.forms },
    assets: { ...portal.assets, rules: rules.assets },
  };
}

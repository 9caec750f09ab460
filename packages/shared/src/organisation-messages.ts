// The codes of the organisation module's SPEC §5 rules (organisation.ts holds the rules). Their texts are
// the `organisation` catalogue (locales/<lang>/organisation.json): the API answers with them (the server's
// http/texts.ts) and the portal's language catalogues merge them.

/** A rule's code, each a field problem of a 400: a key of the `organisation` catalogue. */
export type OrganisationMessage = keyof typeof import("../locales/es/organisation.json", { with: { type: "json" } });

// The codes of the dynamic forms' rules (issue 16, SPEC §5), apart from forms.ts (the schemas). Their texts
// are the `forms` catalogue (locales/<lang>/forms.json): the API answers with them (the server's
// http/texts.ts) and the portal's language catalogues merge them on every signed-in screen.

/** A form rule's code, each a field problem of a 400: a key of the `forms` catalogue. */
export type FormsMessage = keyof typeof import("../locales/es/forms.json", { with: { type: "json" } });

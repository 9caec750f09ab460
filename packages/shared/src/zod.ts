import { config, z } from "zod";

// The portal runs under a Content-Security-Policy without 'unsafe-eval'. Unless told it is jitless,
// zod probes whether it may compile parsers with `Function` when an object schema is built, and the
// browser reports each probe as a CSP violation. Every module of this package takes `z` from here, so
// the setting runs before any schema is built, whichever chunk the bundler puts a schema in: this module
// is the one the package declares as having side effects (package.json `sideEffects`), so a bundler keeps
// it and runs it before every module that imports it. `z` is zod's own namespace re-exported, not a value
// made from it: the bundler then keeps only the parts of zod the schemas use (a namespace handed around
// as a value kept all of zod, its 40-odd locales included, in the events panel: issue 19). The server
// keeps the compiled parsers (no CSP there, and they are faster).
if ("document" in globalThis) config({ jitless: true });

/** zod, configured for the browser's CSP. */
export { z };

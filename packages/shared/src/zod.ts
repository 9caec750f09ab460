import { z as zod } from "zod";

// The portal runs under a Content-Security-Policy without 'unsafe-eval'. Unless told it is jitless,
// zod probes whether it may compile parsers with `Function` when an object schema is built, and the
// browser reports each probe as a CSP violation. Every module of this package takes `z` from here, so
// the setting runs before any schema is built, whichever chunk the bundler puts a schema in. The
// package is declared free of side effects, so the setting is part of what the module exports (a
// bundler keeps a call whose result is used, and may drop a bare statement). The server keeps the
// compiled parsers (no CSP there, and they are faster).
function configured(): typeof zod {
  if ("document" in globalThis) zod.config({ jitless: true });
  return zod;
}

/** zod, configured for the browser's CSP. */
export const z = configured();

// The type side of the namespace (z.infer, z.ZodType…), as `import { z } from "zod"` gives it.
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace z {
  export type infer<T> = zod.infer<T>;
  export type input<T> = zod.input<T>;
  export type output<T> = zod.output<T>;
  export type ZodType<O = unknown, I = unknown> = zod.ZodType<O, I>;
}

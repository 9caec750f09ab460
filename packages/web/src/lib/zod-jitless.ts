import { z } from "zod";

// The portal's Content-Security-Policy has no 'unsafe-eval'. Without this, zod probes whether it may
// compile parsers with `Function` and the browser reports each probe as a CSP violation; jitless
// parsing is zod's interpreted mode, fast enough for API payloads. Imported first by main.tsx.
z.config({ jitless: true });

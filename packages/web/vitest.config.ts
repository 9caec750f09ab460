// Unit tests of the portal: pure logic only (no DOM), so they run in Node.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { defaultClientConditions } from "vite";

export default defineConfig({
  resolve: {
    conditions: ["source", ...defaultClientConditions],
    // The shared package from its sources, no prior build needed. An alias, not the `source` condition
    // in `ssr.resolve`: Vitest hands those conditions to Node for every package, and some of the UI
    // libraries publish a `source` entry of TypeScript (scroll-into-view-if-needed, under Ant Design).
    alias: [{ find: /^@atalaya\/shared$/, replacement: fileURLToPath(new URL("../shared/src/index.ts", import.meta.url)) }],
  },
  test: {
    environment: "node",
    // One module graph per worker, not per file: a feature's index.ts brings the feature's components,
    // and each file importing one evaluated them again (57 s for the files, against 7 s shared). The
    // tests hold no state between files (shuffled runs, one worker or two, pass alike).
    isolate: false,
    include: ["src/**/*.test.ts", "*.test.mjs"],
  },
});

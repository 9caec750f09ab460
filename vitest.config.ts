// Each package keeps its own Vitest config; `vitest run` at the root runs them all.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { projects: ["packages/shared", "packages/server", "packages/web", "scripts"] },
});

import { defineConfig } from "vitest/config";

// The root scripts' own tests (npm start's build stamps).
export default defineConfig({ test: { name: "scripts", environment: "node", include: ["*.test.mjs"] } });

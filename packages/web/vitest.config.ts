// Unit tests of the portal: pure logic only (no DOM), so they run in Node.
import { defineConfig } from "vitest/config";
import { defaultClientConditions } from "vite";

export default defineConfig({
  resolve: { conditions: ["source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["source"] } },
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "*.test.mjs"],
  },
});

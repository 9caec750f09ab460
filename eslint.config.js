// One lint config for every package: typescript-eslint's recommended rules plus React hooks in the web app,
// and the server's folder boundaries.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["packages/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Server boundaries: a domain folder imports the cross-cutting folders (db, auth, realtime, http) and
  // another domain only through its public index.ts; the cross-cutting folders import no domain.
  {
    files: ["packages/server/src/*/**/*.ts"],
    ignores: ["packages/server/src/**/*.test.ts", "packages/server/src/test/**"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          group: ["../*/*", "!../db/*", "!../auth/*", "!../realtime/*", "!../http/*", "!../*/index.js"],
          message: "Import another domain through its index.ts (or only db/, auth/, realtime/, http/).",
        }],
      }],
    },
  },
  {
    files: ["packages/server/src/{db,auth,realtime,http}/**/*.ts"],
    ignores: ["packages/server/src/**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          group: ["../*/*", "!../db/*", "!../auth/*", "!../realtime/*", "!../http/*"],
          message: "db/, auth/, realtime/ and http/ are used by the domains and import none of them.",
        }],
      }],
    },
  },
);

// One lint config for every package: typescript-eslint's recommended rules plus React hooks in the web app,
// and the folder boundaries of the server and the web.
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

const COMMIT_CARRIER = {
  name: "../db/db.js",
  importNames: ["committingTransaction"],
  message: "Only realtime/publish.ts runs a change whose last statement carries the commit (changeWithEvents).",
};

/** The server's import rules, one config per kind of folder (a later config replaces a rule's options). */
function serverBoundaries() {
  const domainPattern = {
    group: ["../*/*", "!../db/*", "!../auth/*", "!../realtime/*", "!../http/*", "!../jobs/*", "!../*/index.js"],
    message: "Import another domain through its index.ts (or only db/, auth/, realtime/, http/, jobs/).",
  };
  const crossCuttingPattern = {
    group: ["../*/*", "!../db/*", "!../auth/*", "!../realtime/*", "!../http/*", "!../jobs/*"],
    message: "db/, auth/, realtime/, http/ and jobs/ are used by the domains and import none of them.",
  };
  const tests = ["packages/server/src/**/*.test.ts", "packages/server/src/test/**"];
  return [
    {
      files: ["packages/server/src/*/**/*.ts"],
      ignores: tests,
      rules: { "no-restricted-imports": ["error", { paths: [COMMIT_CARRIER], patterns: [domainPattern] }] },
    },
    {
      files: ["packages/server/src/{db,auth,realtime,http,jobs}/**/*.ts"],
      ignores: [...tests, "packages/server/src/realtime/publish.ts"],
      rules: { "no-restricted-imports": ["error", { paths: [COMMIT_CARRIER], patterns: [crossCuttingPattern] }] },
    },
    {
      files: ["packages/server/src/realtime/publish.ts"],
      rules: { "no-restricted-imports": ["error", { patterns: [crossCuttingPattern] }] },
    },
  ];
}

/** The web's import rules (issue 35): another feature only through its index.ts, the feature's one door.
 * One config per depth of the importing file inside its feature, the only way a path pattern can tell
 * a sibling feature (`../other/x`) from a sub-folder of the same one (`../detail/x` seen from `lists/`). */
function webBoundaries() {
  const message = "Import another feature through its index.ts (`../<feature>`), never one of its modules.";
  const tests = ["packages/web/src/**/*.test.{ts,tsx}"];
  const depth = (levels) => {
    const up = "../".repeat(levels);
    return {
      files: [`packages/web/src/features/${"*/".repeat(levels)}*.{ts,tsx}`],
      ignores: tests,
      rules: { "no-restricted-imports": ["error", { patterns: [{ group: [`${up}*/*`, `!${up}../**`], message }] }] },
    };
  };
  return [
    depth(1),
    depth(2),
    depth(3),
    {
      files: ["packages/web/src/{app,i18n,components,lib}/**/*.{ts,tsx}", "packages/web/src/*.{ts,tsx}"],
      ignores: tests,
      rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["**/features/*/*"], message }] }] },
    },
  ];
}

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", ".tsbuild/**", "data/**", "test-results/**", "playwright-report/**"] },
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
  // The portal calls routes, not paths (issue 33): outside the typed client itself (lib/call.ts over
  // lib/api.ts), no module writes an API path or reaches the raw client.
  {
    files: ["packages/web/src/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "packages/web/src/lib/api.ts", "packages/web/src/lib/call.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Literal[value=/^\\/api\\//]", message: "Name the route (call/urlOf over @atalaya/shared's route table), not its path." },
        { selector: "TemplateElement[value.raw=/^\\/api\\//]", message: "Name the route (call/urlOf over @atalaya/shared's route table), not its path." },
        { selector: "CallExpression[callee.object.name='api'][callee.property.name=/^(get|post|put|delete|request)$/]", message: "Call the route's table entry with call() (lib/call.ts)." },
      ],
    },
  },
  // The portal's service worker (browser push) runs in a worker's scope.
  { files: ["packages/web/public/**/*.js"], languageOptions: { globals: { ...globals.serviceworker } } },
  // Server boundaries: a domain folder imports the cross-cutting folders (db, auth, realtime, http) and
  // another domain only through its public index.ts; the cross-cutting folders import no domain; and
  // only realtime/publish.ts may open the transaction whose last statement carries the commit.
  ...serverBoundaries(),
  ...webBoundaries(),
);

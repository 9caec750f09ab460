// `npm run db:types -w @atalaya/server`: rewrites src/db/tables.ts, the tables' column types, from the
// schema a freshly migrated database has (src/test/regenerate-tables.ts). Node runs no TypeScript, and
// the build (dist/) leaves the test helpers out: esbuild bundles that module and the server modules it
// imports into node_modules/.cache (packages stay imports), and this runs the bundle.
// TEST_DATABASE_URL, when set, names the PostgreSQL server to create the database on (as for the tests);
// otherwise an embedded one is started in a temporary directory.
import { mkdir } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const server = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(server, "node_modules", ".cache", "atalaya-db-types", "regenerate-tables.mjs");
await mkdir(dirname(bundle), { recursive: true });
await build({
  entryPoints: [join(server, "src", "test", "regenerate-tables.ts")],
  outfile: bundle,
  bundle: true,
  packages: "external",
  format: "esm",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  tsconfig: join(server, "tsconfig.json"),
});
const { regenerateTables } = await import(pathToFileURL(bundle).href);
const outFile = join(server, "src", "db", "tables.ts");
const changed = await regenerateTables({
  migrationsDir: join(server, "migrations"),
  outFile,
  serverUrl: process.env.TEST_DATABASE_URL || undefined,
});
console.log(`${relative(process.cwd(), outFile) || outFile}: ${changed ? "written" : "already up to date"}`);

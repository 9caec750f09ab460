import { ConfigError, loadConfig } from "../config.js";
import { EmbeddedDatabaseRefused } from "../db/embedded-postgres.js";
import { migrate } from "../db/migrate.js";
import { openDatabase } from "../db/open.js";
import { seedCatalogue } from "../catalogue/index.js";

// `npm run migrate`: applies pending migrations to the configured database and exits.
try {
  const config = loadConfig();
  const db = await openDatabase(config);
  const applied = await migrate(db);
  await seedCatalogue(db);
  console.log(applied.length ? `Applied ${applied.join(", ")}` : "Database is up to date");
  await db.close();
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof EmbeddedDatabaseRefused ? err.message : err);
  process.exit(1);
}

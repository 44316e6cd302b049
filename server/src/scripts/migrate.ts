import { loadConfig } from '../platform/config.js';
import { createOwnerDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrator.js';

/** `npm run db:migrate`: applies pending migrations to the configured database and says which. */
const config = loadConfig();
const db = await createOwnerDatabase(config);
try {
  const applied = await migrateToLatest(db);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`;
  if (applied.length) {
    console.log(`Applied ${applied.length} migration(s) to ${where}:`);
    for (const name of applied) console.log(`  ${name}`);
  } else {
    console.log(`${where} is up to date; nothing to apply.`);
  }
} catch (err) {
  console.error('Migration failed:', err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

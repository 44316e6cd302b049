import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { DB } from './schema.js';

export type Database = Kysely<DB>;

// Return int8 (sequences, count) as JS numbers: our numbers stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// Keep dates as 'YYYY-MM-DD' strings, as PGlite does; a JS Date would shift them by the time zone.
pg.types.setTypeParser(1082, (v) => v);

/**
 * The one Kysely factory: the PostgreSQL server when a URL is given, otherwise an embedded
 * PostgreSQL (PGlite) in dataDir, or in memory for tests (dataDir = 'memory://').
 */
export async function createDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  let dir = opts.dataDir;
  if (!dir.startsWith('memory://')) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const pglite = await PGlite.create(dir.startsWith('memory://') ? undefined : dir);
  return new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
}

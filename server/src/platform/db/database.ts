import fs from 'node:fs';
import path from 'node:path';
import { CompiledQuery, PostgresDialect, type Kysely } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { DB } from './schema.js';
import { baseDatabase } from './office-scope.js';

export type Database = Kysely<DB>;

// Return int8 (sequences, count) as JS numbers: our numbers stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));
// Keep dates as 'YYYY-MM-DD' strings (PGlite below too); a JS Date would shift them by the time zone.
pg.types.setTypeParser(1082, (v) => v);

/**
 * The one Kysely factory: the PostgreSQL server when a URL is given, otherwise an embedded
 * PostgreSQL (PGlite) in dataDir, or in memory for tests (dataDir = 'memory://').
 */
export async function createDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that the server ends (a restart, a dropped test database) must not crash
    // the process: without a listener the pool re-throws the error as an uncaught exception.
    pool.on('error', (err) => console.error(`[db] idle connection closed: ${err.message}`));
    return baseDatabase(new PostgresDialect({ pool }), {
      kind: 'pool',
      batch: (connection, statements) => connection.executeQuery(CompiledQuery.raw(statements)),
    });
  }
  let dir = opts.dataDir;
  if (!dir.startsWith('memory://')) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  return pgliteDatabase(await openPglite(dir.startsWith('memory://') ? {} : { dataDir: dir }));
}

/**
 * The schema owner's database, for migrations: DATABASE_OWNER_URL when the server itself connects
 * as a login that owns nothing (docs/decisions/057-offices.md), else the server's own.
 */
export function createOwnerDatabase(config: {
  databaseUrl: string | null;
  databaseOwnerUrl: string | null;
  dataDir: string;
}): Promise<Database> {
  return createDatabase({ databaseUrl: config.databaseOwnerUrl ?? config.databaseUrl, dataDir: config.dataDir });
}

/**
 * An embedded PostgreSQL with this project's extension and parsers: in a data folder, in memory,
 * or in memory from a saved data folder (the tests' migrated template, docs/decisions/049-test-databases.md).
 */
export function openPglite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  // pg_trgm backs the substring search of the officers' lists (migrations/20261121-03-review.ts);
  // btree_gin leads the register's trigram indexes with the office (migrations/20261128-11).
  return PGlite.create({
    ...opts,
    extensions: { pg_trgm, btree_gin },
    // PGlite would answer a date column as a JS Date at UTC midnight; keep 'YYYY-MM-DD' as pg does above.
    parsers: { 1082: (v: string) => v, [BYTEA]: parseBytea },
    serializers: { [BYTEA]: serializeBytea },
  });
}

/**
 * bytea goes as binary and comes back through Buffer. PGlite's own serializer wrote a hex string a
 * byte at a time (which its protocol writer then measured and encoded a character at a time), and
 * its parser read one back the same way: a 100 KB upload cost about 15 ms of the one thread each way
 * (docs/decisions/053-demo-seed.md). A serializer's bytes are sent as a binary parameter.
 */
const BYTEA = 17;
function serializeBytea(value: unknown): string {
  if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
  return value as unknown as string;
}
function parseBytea(text: string): Uint8Array {
  const bytes = Buffer.from(text.slice(2), 'hex');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function pgliteDatabase(pglite: PGlite): Database {
  // One connection, held by one caller at a time through the dialect's queue: exec runs on it.
  return baseDatabase(new PGliteDialect(pglite), { kind: 'single', exec: (statements) => pglite.exec(statements) });
}

import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { createDatabase, openPglite, pgliteDatabase, type Database } from '../platform/db/database.js';
import { adminQuery, databaseUrl, resetDatabase, type Template } from './template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's migrated template (./global-setup.ts). */
    testTemplate: Template;
  }
}

/**
 * Test databases copied from the run's migrated template and reused within a worker
 * (docs/decisions/049-test-databases.md): a test gets a database holding exactly what the migrations
 * leave, as if new; when its context closes, the database is reset to that content (tables emptied,
 * the migrations' rows and the sequences restored) and kept for the next test of the same process.
 * Each test still gets its own Kysely instance, so what the app keeps per database object (the
 * site settings, the signing key) starts empty, and a query sent after the close fails.
 */
type Kept = { engine: 'pglite'; pglite: PGlite } | { engine: 'postgres'; url: string };

const idle: Kept[] = [];
let tarball: Blob | null = null;
let made = 0;

async function makeDatabase(template: Template): Promise<Kept> {
  if (template.engine === 'pglite') {
    tarball ??= new Blob([new Uint8Array(fs.readFileSync(template.source))]);
    return { engine: 'pglite', pglite: await openPglite({ loadDataDir: tarball }) };
  }
  const name = `${template.prefix}_${process.pid}_${++made}`;
  // Two workers copying the template at the same moment may be told it is in use: try again.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(template.adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template.source}`);
      break;
    } catch (err) {
      if (attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
  return { engine: 'postgres', url: databaseUrl(template.adminUrl, name) };
}

/** A Kysely over a kept PGlite whose destroy leaves the PGlite open for the next test. */
function leasePglite(pglite: PGlite): Database {
  const leased = new Proxy(pglite, {
    get(target, key) {
      if (key === 'close') return async () => {};
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return pgliteDatabase(leased);
}

/** How many databases wait for the next test in this process (this module's tests ask). */
export const keptDatabases = (): number => idle.length;

export interface TestDatabase {
  db: Database;
  /** Resets the database to the template's content, closes this Kysely and keeps the database. */
  release(): Promise<void>;
  /** Whether the database was used by an earlier test of this process (tests of this module ask). */
  reused: boolean;
}

/** A database for one test; `{ copy: true }` makes a new copy of the template even when one is kept. */
export async function takeTestDatabase(opts: { copy?: boolean } = {}): Promise<TestDatabase> {
  const template = inject('testTemplate');
  if (!template) throw new Error('No test template: run the tests through vitest (vitest.config.ts globalSetup).');
  const kept = opts.copy ? undefined : idle.pop();
  const reused = kept !== undefined;
  const database = kept ?? (await makeDatabase(template));
  const db =
    database.engine === 'pglite'
      ? leasePglite(database.pglite)
      : await createDatabase({ databaseUrl: database.url, dataDir: 'memory://' });
  let released: Promise<void> | null = null;
  const release = async () => {
    try {
      // Through this test's own Kysely: a transaction still running holds its connection, so the
      // reset waits for it instead of running inside it.
      await resetDatabase(db, template.reset);
    } finally {
      await db.destroy();
    }
    idle.push(database);
  };
  return {
    db,
    reused,
    // A second close is the first one's promise: a database is never kept twice.
    release: () => (released ??= release()),
  };
}

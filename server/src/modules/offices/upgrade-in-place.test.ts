import crypto from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, openPglite, pgliteDatabase, type Database } from '../../platform/db/database.js';
import { migrateTo, migrateToLatest } from '../../platform/db/migrator.js';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { usingPostgres } from '../../test/harness.js';
import { adminQuery, databaseUrl } from '../../test/template.js';

/**
 * Upgrade in place (docs/decisions/057-offices.md): a deployment at the schema of the last
 * migration before offices keeps every row, every file and every number when it migrates to the
 * newest schema. A new, empty database is migrated only up to that migration, filled with a demo
 * office dumped from the code of that time (./upgrade-fixture/README.md), read whole, migrated to
 * the newest schema and read again.
 */
const LAST_BEFORE_OFFICES = '20261127-02-admin-units';
const FIXTURE = fileURLToPath(new URL('./upgrade-fixture/pre-offices.sql.gz', import.meta.url));

interface Table {
  /** Column names, sorted: a column added by the upgrade (office_id) is not compared. */
  columns: string[];
  /** Each row as JSON with its keys sorted (jsonb), bytea as its sha256; the rows sorted by that text. */
  rows: string[];
}
interface Snapshot {
  tables: Record<string, Table>;
  /** blobs.id → sha256 of its bytes, recomputed here from the bytes. */
  files: Record<string, string>;
  /** Blobs whose stored sha256 is not the sha256 of their bytes. */
  badHashes: string[];
  /** Sequence → last_value (null: never called). */
  sequences: Record<string, number | null>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Columns a later migration moved to another table, read back from where they went: the value
 * must be the same there. staff_users.role is now the account's role in office 1
 * (migrations/20261128-02-staff-roles.ts).
 */
const MOVED: Record<string, string> = {
  'staff_users.role': `(SELECT r.role FROM staff_roles r WHERE r.user_id = t.id AND r.office_id = 1)`,
};

/** Number sequences that became office counters (migrations/20261128-04-office-counters.ts): counter → sequence. */
const MOVED_SEQUENCES: Record<string, string> = {
  application: 'application_number_seq',
  licence: 'licence_number_seq',
  complaint: 'complaint_number_seq',
  copy_request: 'copy_request_number_seq',
};

/**
 * Every table of the public schema but Kysely's own, read in one transaction with row_security off:
 * a query that a row-level policy would filter then fails instead of reading fewer rows (the
 * superuser this test connects as is not subject to any policy). `keep` limits each table to the
 * columns it had before.
 */
async function snapshot(db: Database, keep?: Snapshot): Promise<Snapshot> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL row_security = off`.execute(trx);
    const columns = (
      await sql<{ table: string; column: string; type: string }>`
        SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, NULL) AS type
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname NOT LIKE 'kysely\\_%'
          AND a.attnum > 0 AND NOT a.attisdropped
        ORDER BY 1, 2`.execute(trx)
    ).rows;
    const byTable = new Map<string, { column: string; type: string }[]>();
    for (const c of columns) byTable.set(c.table, [...(byTable.get(c.table) ?? []), c]);

    const tables: Record<string, Table> = {};
    for (const [table, all] of byTable) {
      const wanted = keep?.tables[table]?.columns;
      // The columns it had before, in the same order; a moved one read from where it went.
      const cols = wanted
        ? wanted.flatMap((name) => {
            const found = all.find((c) => c.column === name);
            if (found) return [found];
            return MOVED[`${table}.${name}`] ? [{ column: name, type: 'moved' }] : [];
          })
        : all;
      const list = cols
        .map((c) =>
          c.type === 'bytea'
            ? `'sha256:' || encode(sha256(${quote(c.column)}), 'hex') AS ${quote(c.column)}`
            : c.type === 'moved'
              ? `${MOVED[`${table}.${c.column}`]} AS ${quote(c.column)}`
              : quote(c.column),
        )
        .join(', ');
      const { rows } = await sql<{ rows: string }>`
        SELECT coalesce(json_agg(j ORDER BY j COLLATE "C"), '[]')::text AS rows
        FROM (SELECT to_jsonb(r)::text AS j FROM (SELECT ${sql.raw(list)} FROM public.${sql.raw(quote(table))} t) r) s
      `.execute(trx);
      tables[table] = { columns: cols.map((c) => c.column), rows: JSON.parse(rows[0]!.rows) as string[] };
    }

    const files: Record<string, string> = {};
    const badHashes: string[] = [];
    const blobs = await sql<{ id: string; bytes: Uint8Array; sha256: string }>`
      SELECT id, bytes, sha256 FROM blobs`.execute(trx);
    for (const b of blobs.rows) {
      const hash = crypto.createHash('sha256').update(b.bytes).digest('hex');
      files[b.id] = hash;
      if (hash !== b.sha256) badHashes.push(b.id);
    }

    const sequences: Record<string, number | null> = {};
    const seqs = await sql<{ name: string; value: string | null }>`
      SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`.execute(
      trx,
    );
    for (const s of seqs.rows) sequences[s.name] = s.value === null ? null : Number(s.value);
    // Number sequences that became office 1's counters, read back from there.
    if (keep) {
      const counters = await sql<{ counter: string; value: string }>`
        SELECT counter, last_value::text AS value FROM office_counters WHERE office_id = 1`.execute(trx);
      for (const c of counters.rows) {
        const sequence = MOVED_SEQUENCES[c.counter];
        if (sequence) sequences[sequence] = Number(c.value);
      }
    }
    return { tables, files, badHashes, sequences };
  });
}

/** Rows per table that the fixture inserts (one INSERT a row, pg_dump --column-inserts). */
function fixtureCounts(text: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of text.matchAll(/^INSERT INTO public\.(\w+) /gm)) counts[m[1]!] = (counts[m[1]!] ?? 0) + 1;
  return counts;
}

let db: Database;
let pglite: PGlite | null = null;
let pgUrl: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let counts: Record<string, number>;
let before: Snapshot;
let after: Snapshot;

beforeAll(async () => {
  const fixture = zlib.gunzipSync(fs.readFileSync(FIXTURE)).toString('utf8');
  counts = fixtureCounts(fixture);

  // A brand-new, empty database: not a copy of the suite's template, which is at the newest schema.
  if (usingPostgres) {
    const template = inject('testTemplate');
    const name = `${template.prefix}_upgrade_${process.pid}`;
    await adminQuery(template.adminUrl, `CREATE DATABASE ${name}`);
    dropDatabase = () => adminQuery(template.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    pgUrl = databaseUrl(template.adminUrl, name);
    db = await createDatabase({ databaseUrl: pgUrl, dataDir: 'memory://' });
  } else {
    pglite = await openPglite({});
    db = pgliteDatabase(pglite);
  }

  const applied = await migrateTo(db, LAST_BEFORE_OFFICES);
  expect(applied.at(-1)).toBe(LAST_BEFORE_OFFICES);

  // Many statements in one simple query: PGlite's exec, or a plain client on the server.
  if (pglite) await pglite.exec(fixture);
  else {
    const client = new pg.Client({ connectionString: pgUrl! });
    await client.connect();
    try {
      await client.query(fixture);
    } finally {
      await client.end();
    }
  }

  before = await snapshot(db);
  await migrateToLatest(db);
  after = await snapshot(db, before);
});

afterAll(async () => {
  await db?.destroy();
  if (pglite && !pglite.closed) await pglite.close();
  await dropDatabase?.();
});

describe('upgrading a one-office deployment in place', () => {
  it('starts from the whole fixture: every row it inserts, every file intact', () => {
    const tables = Object.keys(counts);
    // The demo office fills most tables; fewer means the fixture did not load.
    expect(tables.length).toBeGreaterThanOrEqual(25);
    for (const table of tables) expect(before.tables[table]?.rows.length, `table ${table}`).toBe(counts[table]);
    expect(Object.keys(before.files).length).toBe(counts.blobs);
    expect(before.badHashes, 'blobs whose sha256 is not that of their bytes').toEqual([]);
  });

  it('keeps every table, every row and every file the same', () => {
    for (const [table, was] of Object.entries(before.tables)) {
      const now = after.tables[table];
      expect(now, `table ${table} is gone after the upgrade`).toBeDefined();
      expect(now!.columns, `table ${table}: columns lost in the upgrade`).toEqual(was.columns);
      // Counts first, so a table read as empty (or short) fails with a plain message.
      expect(now!.rows.length, `table ${table}: rows after the upgrade`).toBe(was.rows.length);
      expect(now!.rows, `table ${table}: rows changed in the upgrade`).toEqual(was.rows);
    }
    expect(after.files, 'blobs: bytes after the upgrade').toEqual(before.files);
    expect(after.badHashes, 'blobs whose sha256 is not that of their bytes').toEqual([]);
  });

  it('gives every row of a table with office_id to office 1', async () => {
    const offices = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL row_security = off`.execute(trx);
      const withOffice = (
        await sql<{ table: string }>`
          SELECT c.relname AS table FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_attribute a ON a.attrelid = c.oid
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attname = 'office_id' AND NOT a.attisdropped
          ORDER BY 1`.execute(trx)
      ).rows;
      const found: Record<string, { rows: number; other: number }> = {};
      for (const { table } of withOffice) {
        const { rows } = await sql<{ rows: number; other: number }>`
          SELECT count(*)::int AS rows, count(*) FILTER (WHERE office_id IS DISTINCT FROM 1)::int AS other
          FROM public.${sql.raw(quote(table))}`.execute(trx);
        found[table] = rows[0]!;
      }
      return found;
    });
    for (const [table, n] of Object.entries(offices)) {
      expect(n.other, `table ${table}: rows not of office 1`).toBe(0);
      const was = before.tables[table]?.rows.length;
      if (was !== undefined) expect(n.rows, `table ${table}: rows counted with office_id`).toBe(was);
    }
  });

  it('gives office 1 new numbers after every number it printed before the upgrade', async () => {
    const office1 = scopedDatabase(db, officeScope(1));
    const printed = [
      ['application', 'applications', 'application_number'],
      ['licence', 'licences', 'licence_number'],
      ['complaint', 'complaints', 'reference_number'],
      ['copy_request', 'copy_requests', 'reference_number'],
    ] as const;
    for (const [counter, table, column] of printed) {
      const highest = Math.max(
        0,
        ...(before.tables[table]?.rows ?? []).map((r) => Number((JSON.parse(r) as Record<string, unknown>)[column])),
      );
      // Taken and given back: the fixture stays as it was for the other checks.
      const next = await office1
        .transaction()
        .execute(async (trx) => {
          const { rows } = await sql<{ n: string }>`SELECT next_office_number(${counter}) AS n`.execute(trx);
          throw new TakenNumber(Number(rows[0]!.n));
        })
        .catch((err: unknown) => (err instanceof TakenNumber ? err.n : Promise.reject(err)));
      expect(next, `next ${counter} number`).toBe(highest + 1);
    }
  });

  it('moves no sequence backwards', () => {
    for (const [name, was] of Object.entries(before.sequences)) {
      expect(name in after.sequences, `sequence ${name} is gone after the upgrade`).toBe(true);
      if (was !== null) expect(after.sequences[name] ?? 0, `sequence ${name}`).toBeGreaterThanOrEqual(was);
    }
  });
});

class TakenNumber extends Error {
  constructor(readonly n: number) {
    super('rolled back');
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { repoRoot } from '../platform/config.js';
import { createDatabase, openPglite, pgliteDatabase, type Database } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrator.js';

/**
 * The migrated template every test database is copied from (docs/decisions/049-test-databases.md),
 * built once per test run by the vitest global setup (./global-setup.ts) and handed to the workers
 * as a `Template`: every migration runs once per run and per engine, not once per test.
 *
 * - PostgreSQL: a database `portal_tmpl_<run>` on the test server; workers copy it with
 *   `CREATE DATABASE … TEMPLATE`.
 * - PGlite: the migrated data folder as a tarball in node_modules/.cache, named by a hash of the
 *   migrations and the PGlite version, so the unit tier and the server tier of one `npm test` (and
 *   later runs with the same migrations) build it once; workers start PGlite from it (`loadDataDir`).
 *
 * With it goes what a database handed back must be reset to: the tables to empty, the rows the
 * migrations wrote (the site settings row), and every sequence's position.
 */
export interface Template {
  engine: 'pglite' | 'postgres';
  /** PGlite: the tarball's path. PostgreSQL: the template database's name. */
  source: string;
  /** PostgreSQL: the admin URL databases are created from; the run's databases share the prefix. */
  adminUrl: string;
  prefix: string;
  reset: ResetPlan;
}

export interface ResetPlan {
  /** Every table of the public schema but Kysely's own migration tables, emptied at each reset. */
  tables: string[];
  /** Rows the migrations wrote, as json_agg gave them: table → JSON array text. */
  rows: Record<string, string>;
  /** Each sequence and where the migrations left it. */
  sequences: { name: string; value: number; called: boolean }[];
}

export const TEST_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://root@127.0.0.1:5432/test';

/** The admin URL pointed at another database of the same server. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Reads what a reset restores, from a freshly migrated database. */
export async function readResetPlan(db: Database): Promise<ResetPlan> {
  const tables = (
    await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relname NOT LIKE 'kysely\\_%'
      ORDER BY 1`.execute(db)
  ).rows.map((r) => r.name);
  // Parents before children, so the restored rows satisfy their foreign keys (districts refer to divisions).
  const references = (
    await sql<{ child: string; parent: string }>`
      SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`.execute(db)
  ).rows;
  const ordered: string[] = [];
  const visit = (table: string, path: string[] = []): void => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const r of references) if (r.child === table) visit(r.parent.replace(/"/g, ''), [...path, table]);
    ordered.push(table);
  };
  tables.forEach((t) => visit(t));
  const rows: Record<string, string> = {};
  for (const table of ordered.filter((t) => tables.includes(t))) {
    const { rows: got } = await sql<{
      j: string | null;
    }>`SELECT json_agg(t)::text AS j FROM ${sql.table(table)} t`.execute(db);
    if (got[0]?.j) rows[table] = got[0].j;
  }
  const sequences = (
    await sql<{ name: string; last_value: number | null; start_value: number }>`
      SELECT sequencename AS name, last_value, start_value FROM pg_sequences WHERE schemaname = 'public'
      ORDER BY 1`.execute(db)
  ).rows.map((s) => ({ name: s.name, value: Number(s.last_value ?? s.start_value), called: s.last_value !== null }));
  return { tables, rows, sequences };
}

/** Empties a used test database back to the template's content (tables, migration rows, sequences). */
export async function resetDatabase(db: Database, plan: ResetPlan): Promise<void> {
  await sql.raw(`TRUNCATE ${plan.tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`).execute(db);
  for (const [table, json] of Object.entries(plan.rows)) {
    await sql`INSERT INTO ${sql.table(table)} OVERRIDING SYSTEM VALUE
      SELECT * FROM json_populate_recordset(NULL::${sql.table(table)}, ${json}::json)`.execute(db);
  }
  if (plan.sequences.length > 0) {
    const values = plan.sequences.map((s) => sql`(${s.name}::text, ${s.value}::bigint, ${s.called}::boolean)`);
    await sql`SELECT setval(quote_ident(s.name), s.value, s.called)
      FROM (VALUES ${sql.join(values)}) AS s(name, value, called)`.execute(db);
  }
}

/** The PGlite tarball's path: a hash of every migration file and the PGlite version names it. */
function pgliteTarballPath(): string {
  const hash = crypto.createHash('sha256');
  const folder = path.join(repoRoot, 'migrations');
  for (const name of fs.readdirSync(folder).sort()) hash.update(name).update(fs.readFileSync(path.join(folder, name)));
  const pkg = path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(fs.readFileSync(pkg));
  hash.update(fs.readFileSync(path.join(repoRoot, 'server/src/test/template.ts')));
  return path.join(repoRoot, 'node_modules/.cache/portal-test', `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
}

/**
 * The newest schema, with office 1 at the address tests reach by default (`http://localhost/…`):
 * a test that opens more offices still talks to office 1 there, not to the national address
 * (docs/decisions/057-offices.md), and names another host to reach another office.
 */
async function prepareTemplate(db: Database): Promise<void> {
  await migrateToLatest(db);
  await sql`UPDATE offices SET host = 'localhost' WHERE id = 1`.execute(db);
}

/** Builds (or finds) this run's template; `drop` removes what the run made on the server. */
export async function buildTemplate(
  engine: Template['engine'],
): Promise<{ template: Template; drop(): Promise<void> }> {
  const prefix = `portal_test_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  if (engine === 'postgres') {
    await dropAbandonedDatabases(TEST_ADMIN_URL);
    const name = `${prefix}_tmpl`;
    await adminQuery(TEST_ADMIN_URL, `CREATE DATABASE ${name}`);
    const db = await createDatabase({ databaseUrl: databaseUrl(TEST_ADMIN_URL, name), dataDir: 'memory://' });
    let reset: ResetPlan;
    try {
      await prepareTemplate(db);
      reset = await readResetPlan(db);
    } finally {
      await db.destroy();
    }
    return {
      template: { engine, source: name, adminUrl: TEST_ADMIN_URL, prefix, reset },
      drop: () => dropRunDatabases(TEST_ADMIN_URL, prefix),
    };
  }
  const tarball = pgliteTarballPath();
  const planFile = `${tarball}.json`;
  if (!fs.existsSync(tarball) || !fs.existsSync(planFile)) {
    const pglite = await openPglite({});
    const db = pgliteDatabase(pglite);
    await prepareTemplate(db);
    const plan = await readResetPlan(db);
    const dump = await pglite.dumpDataDir('none');
    await db.destroy();
    fs.mkdirSync(path.dirname(tarball), { recursive: true });
    // Written under temporary names and renamed, so a run stopped half-way leaves no torn file.
    fs.writeFileSync(`${tarball}.${process.pid}`, new Uint8Array(await dump.arrayBuffer()));
    fs.writeFileSync(`${planFile}.${process.pid}`, JSON.stringify(plan));
    fs.renameSync(`${tarball}.${process.pid}`, tarball);
    fs.renameSync(`${planFile}.${process.pid}`, planFile);
  }
  const reset = JSON.parse(fs.readFileSync(planFile, 'utf8')) as ResetPlan;
  return { template: { engine, source: tarball, adminUrl: TEST_ADMIN_URL, prefix, reset }, drop: async () => {} };
}

/** One connection to the test server's admin database for the duration of `work`. */
async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function adminQuery(adminUrl: string, text: string): Promise<void> {
  await withAdmin(adminUrl, (admin) => admin.query(text));
}

/** Databases of earlier runs that were killed before their teardown: their vitest process is gone. */
function dropAbandonedDatabases(adminUrl: string): Promise<void> {
  return withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname ~ '^portal_test_[0-9]+_[0-9a-f]{6}_'`,
    );
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[2]);
      if (processAlive(pid)) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function dropRunDatabases(adminUrl: string, prefix: string): Promise<void> {
  return withAdmin(adminUrl, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 || '\\_%' ORDER BY datname = $1 || '_tmpl'`,
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  });
}

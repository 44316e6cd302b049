import {
  CompiledQuery,
  Kysely,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';

/**
 * The one place that says which offices a query may see (docs/decisions/057-offices.md).
 *
 * Every office-owned table has row-level security keyed by `app.office_ids`; this module sets it,
 * with `app.office_id` (the office a new row belongs to) and the role `portal_app` (which owns
 * nothing and bypasses nothing), inside each transaction with `set_config(…, true)`. A setting
 * made that way ends with its transaction, so a pooled connection (or PgBouncer in transaction
 * mode) never carries one request's office into the next. A query made outside a transaction is
 * wrapped in one of its own.
 *
 * A scoped database is an ordinary Kysely instance over the same connections as the base one
 * (the same pool, or the one embedded PGlite with its queue), so repositories take it unchanged.
 */

export interface OfficeScope {
  /** The offices whose rows may be read and written. Empty: no office rows at all. */
  readonly officeIds: readonly number[];
  /** The office a new row belongs to by default; null where the work spans offices (jobs, viewers). */
  readonly officeId: number | null;
}

export const APP_ROLE = 'portal_app';

export function officeScope(officeId: number): OfficeScope {
  return { officeIds: [officeId], officeId };
}

interface Base {
  dialect: Dialect;
  driver: Driver;
  init: () => Promise<void>;
  /**
   * Runs several statements, with no parameters, in one message on a connection the caller holds,
   * so that a scoped transaction begins in one round trip, not two (node-postgres sends a query
   * without parameters as a simple query; PGlite has `exec`).
   */
  batch: Batch;
}
export type Batch = (connection: DatabaseConnection, statements: string) => Promise<unknown>;
const bases = new WeakMap<Database, Base>();
const scopes = new WeakMap<Database, { base: Database; scope: OfficeScope }>();

/**
 * The base (unscoped) database over a dialect: migrations, the test harness and scripts that
 * set up a deployment use it; request handlers and jobs get a scoped one.
 */
export function baseDatabase(dialect: Dialect, batch: Batch): Database {
  const driver = dialect.createDriver();
  let ready: Promise<void> | undefined;
  const base: Base = { dialect, driver, init: () => (ready ??= driver.init()), batch };
  const db = new Kysely<DB>({
    dialect: forwardingDialect(dialect, {
      ...forwardDriver(driver),
      init: base.init,
      destroy: () => driver.destroy(),
    }),
  });
  bases.set(db, base);
  return db;
}

/** The database as `scope` sees it. Cheap: made per request. */
export function scopedDatabase(db: Database, scope: OfficeScope): Database {
  const root = scopes.get(db)?.base ?? db;
  const base = bases.get(root);
  if (!base) throw new Error('scopedDatabase: not a database made by createDatabase');
  for (const id of scope.officeIds) if (!Number.isSafeInteger(id) || id <= 0) throw new Error(`bad office id ${id}`);
  const scoped = new Kysely<DB>({
    dialect: forwardingDialect(base.dialect, new ScopedDriver(base, scope)),
  });
  scopes.set(scoped, { base: root, scope });
  return scoped;
}

/** Runs `fn` with the database as `scope` sees it (jobs, scripts acting for offices). */
export function withOffices<T>(db: Database, scope: OfficeScope, fn: (db: Database) => Promise<T>): Promise<T> {
  return fn(scopedDatabase(db, scope));
}

/** The scope a database was made with; null for a base database. */
export function scopeOf(db: Database): OfficeScope | null {
  return scopes.get(db)?.scope ?? null;
}

/**
 * A key for values kept per database and office (db/kept-per-database.ts): the same object for
 * every request of one office on one database, another for another office.
 */
const placeKeys = new WeakMap<Database, Map<string, object>>();
export function placeOf(db: Database): object {
  const entry = scopes.get(db);
  if (!entry) return db;
  const name = `${entry.scope.officeId}:${entry.scope.officeIds.join(',')}`;
  let byName = placeKeys.get(entry.base);
  if (!byName) placeKeys.set(entry.base, (byName = new Map()));
  let key = byName.get(name);
  if (!key) byName.set(name, (key = { name }));
  return key;
}

function forwardingDialect(dialect: Dialect, driver: Driver): Dialect {
  return {
    createDriver: () => driver,
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

function forwardDriver(driver: Driver): Driver {
  return {
    init: () => driver.init(),
    acquireConnection: () => driver.acquireConnection(),
    beginTransaction: (c, s) => driver.beginTransaction(c, s),
    commitTransaction: (c) => driver.commitTransaction(c),
    rollbackTransaction: (c) => driver.rollbackTransaction(c),
    savepoint: driver.savepoint?.bind(driver),
    rollbackToSavepoint: driver.rollbackToSavepoint?.bind(driver),
    releaseSavepoint: driver.releaseSavepoint?.bind(driver),
    releaseConnection: (c) => driver.releaseConnection(c),
    destroy: () => driver.destroy(),
  };
}

/** A connection that knows whether it is inside a transaction, and opens one for a lone query. */
class ScopedConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(
    readonly inner: DatabaseConnection,
    private readonly scopeSql: string,
    private readonly batch: Batch,
  ) {}

  /** `begin` and the scope, in one message. */
  async begin(): Promise<void> {
    await this.batch(this.inner, `begin; ${this.scopeSql}`).catch(async (error: unknown) => {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    });
  }

  async enterScope(): Promise<void> {
    await this.inner.executeQuery(CompiledQuery.raw(this.scopeSql));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return this.inner.executeQuery<R>(query);
    await this.begin();
    try {
      const result = await this.inner.executeQuery<R>(query);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      return result;
    } catch (error) {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.inTransaction) {
      yield* this.inner.streamQuery<R>(query, chunkSize);
      return;
    }
    await this.begin();
    let committed = false;
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
      await this.inner.executeQuery(CompiledQuery.raw('commit'));
      committed = true;
    } finally {
      if (!committed) await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
    }
  }
}

class ScopedDriver implements Driver {
  private readonly scopeSql: string;
  constructor(
    private readonly base: Base,
    scope: OfficeScope,
  ) {
    // Written out rather than bound, so that it can share a message with `begin`: the office ids
    // are checked integers (scopedDatabase) and the role a constant.
    this.scopeSql =
      `select set_config('role', '${APP_ROLE}', true), ` +
      `set_config('app.office_ids', '${scope.officeIds.join(',')}', true), ` +
      `set_config('app.office_id', '${scope.officeId ?? ''}', true)`;
  }
  init(): Promise<void> {
    return this.base.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return new ScopedConnection(await this.base.driver.acquireConnection(), this.scopeSql, this.base.batch);
  }
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as ScopedConnection;
    if (!settings.isolationLevel && !settings.accessMode) await c.begin();
    else {
      await this.base.driver.beginTransaction(c.inner, settings);
      await c.enterScope();
    }
    c.inTransaction = true;
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ScopedConnection;
    c.inTransaction = false;
    await this.base.driver.commitTransaction(c.inner);
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as ScopedConnection;
    c.inTransaction = false;
    await this.base.driver.rollbackTransaction(c.inner);
  }
  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ) {
    await this.base.driver.savepoint?.((connection as ScopedConnection).inner, name, compile);
  }
  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ) {
    await this.base.driver.rollbackToSavepoint?.((connection as ScopedConnection).inner, name, compile);
  }
  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ) {
    await this.base.driver.releaseSavepoint?.((connection as ScopedConnection).inner, name, compile);
  }
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.base.driver.releaseConnection((connection as ScopedConnection).inner);
  }
  /** The pool belongs to the base database; a request's view of it closes nothing. */
  async destroy(): Promise<void> {}
}

/** The unscoped database under a scoped one (the owner's work: VACUUM, migrations in tests). */
export function baseOf(db: Database): Database {
  return scopes.get(db)?.base ?? db;
}

import {
  CompiledQuery,
  sql,
  Kysely,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';
import { OfficeFilterPlugin } from './office-filter.js';

/**
 * The one place that says which offices a query may see (docs/decisions/057-offices.md).
 *
 * Every office-owned table has row-level security keyed by `app.office_ids`; this module sets it,
 * with `app.office_id` (the office a new row belongs to) and the role `portal_app` (which owns
 * nothing and bypasses nothing), inside each transaction with `set_config(…, true)`. A setting
 * made that way ends with its transaction, so a pooled connection (or PgBouncer in transaction
 * mode) never carries one request's office into the next. A query made outside a transaction is
 * wrapped in one of its own. (The embedded PGlite, one connection, differs: see `Connections`.)
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
  connections: Connections;
}

/**
 * How the scope reaches a connection.
 * - `pool` (PostgreSQL): in every transaction, with `set_config(…, true)`; a lone query gets a
 *   transaction of its own. `batch` runs statements without parameters in one message on the
 *   connection the caller holds (node-postgres sends them as one simple query), so a scoped
 *   transaction begins in one round trip.
 * - `single` (the embedded PGlite): one connection, which the dialect hands to one caller at a
 *   time. The scope is set for the session when a caller with another scope takes it, and reset
 *   when an unscoped caller does: every holder runs with exactly its own scope, and a run of one
 *   office's queries pays nothing more (each embedded statement costs a few hundred µs).
 */
export type Connections =
  | { kind: 'pool'; batch: (connection: DatabaseConnection, statements: string) => Promise<unknown> }
  | { kind: 'single'; exec: (statements: string) => Promise<unknown>; applied?: string };

function scopeStatements(scope: OfficeScope | null, local: boolean): string {
  // Written out rather than bound, so that it can share a message with `begin`: the office ids
  // are checked integers (scopedDatabase) and the role a constant.
  if (!scope)
    return `reset role; select set_config('app.office_ids', '', false), set_config('app.office_id', '', false)`;
  return (
    `select set_config('role', '${APP_ROLE}', ${local}), ` +
    `set_config('app.office_ids', '${scope.officeIds.join(',')}', ${local}), ` +
    `set_config('app.office_id', '${scope.officeId ?? ''}', ${local})`
  );
}

/** On the single embedded connection, puts `scope` (null: none) on the session unless it is there already. */
async function applyToSession(base: Base, connection: DatabaseConnection, scope: OfficeScope | null): Promise<void> {
  const c = base.connections;
  if (c.kind !== 'single') return;
  const key = scope ? scopeStatements(scope, false) : undefined;
  if (c.applied === key) return;
  try {
    await c.exec(key ?? scopeStatements(null, false));
    c.applied = key;
  } catch (error) {
    c.applied = 'unknown';
    await base.driver.releaseConnection(connection);
    throw error;
  }
}
const bases = new WeakMap<Database, Base>();
const scopes = new WeakMap<Database, { base: Database; scope: OfficeScope }>();

/**
 * The base (unscoped) database over a dialect: migrations, the test harness and scripts that
 * set up a deployment use it; request handlers and jobs get a scoped one.
 */
export function baseDatabase(dialect: Dialect, connections: Connections): Database {
  const driver = dialect.createDriver();
  let ready: Promise<void> | undefined;
  const base: Base = { dialect, driver, init: () => (ready ??= driver.init()), connections };
  const db = new Kysely<DB>({
    dialect: forwardingDialect(dialect, {
      ...forwardDriver(driver),
      init: base.init,
      acquireConnection: async () => {
        const connection = await driver.acquireConnection();
        await applyToSession(base, connection, null);
        return connection;
      },
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
  const single = scope.officeId !== null && scope.officeIds.length === 1 && scope.officeIds[0] === scope.officeId;
  const scoped = new Kysely<DB>({
    dialect: forwardingDialect(base.dialect, new ScopedDriver(base, scope)),
    // One office: the query builder names it in every query too (./office-filter.ts).
    plugins: single ? [new OfficeFilterPlugin(scope.officeId!)] : [],
  });
  scopes.set(scoped, { base: root, scope });
  return scoped;
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
    /** Set on a pooled connection; absent: the scope is on the session already (`single`). */
    private readonly batch?: (connection: DatabaseConnection, statements: string) => Promise<unknown>,
  ) {}

  /** `begin` and the scope, in one message. */
  async begin(): Promise<void> {
    if (!this.batch) {
      await this.inner.executeQuery(CompiledQuery.raw('begin'));
      return;
    }
    await this.batch(this.inner, `begin; ${this.scopeSql}`).catch(async (error: unknown) => {
      await this.inner.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
      throw error;
    });
  }

  async enterScope(): Promise<void> {
    if (this.batch) await this.inner.executeQuery(CompiledQuery.raw(this.scopeSql));
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction || !this.batch) return this.inner.executeQuery<R>(query);
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
    if (this.inTransaction || !this.batch) {
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

const innerOf = (connection: DatabaseConnection) => (connection as ScopedConnection).inner;

class ScopedDriver implements Driver {
  /**
   * One wrapper per connection of the pool: Kysely keeps every connection object a driver hands
   * it, so a new wrapper per query would grow a long-lived scoped database without bound.
   */
  private readonly wrappers = new WeakMap<DatabaseConnection, ScopedConnection>();
  /** Savepoints only where the base driver has them: Kysely then refuses them rather than skipping them. */
  readonly savepoint?: Driver['savepoint'];
  readonly rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  readonly releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(
    private readonly base: Base,
    private readonly scope: OfficeScope,
  ) {
    const { savepoint, rollbackToSavepoint, releaseSavepoint } = base.driver;
    if (savepoint) this.savepoint = (c, name, compile) => savepoint.call(base.driver, innerOf(c), name, compile);
    if (rollbackToSavepoint)
      this.rollbackToSavepoint = (c, name, compile) => rollbackToSavepoint.call(base.driver, innerOf(c), name, compile);
    if (releaseSavepoint)
      this.releaseSavepoint = (c, name, compile) => releaseSavepoint.call(base.driver, innerOf(c), name, compile);
  }
  init(): Promise<void> {
    return this.base.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.base.driver.acquireConnection();
    const c = this.base.connections;
    if (c.kind === 'single') await applyToSession(this.base, inner, this.scope);
    let wrapper = this.wrappers.get(inner);
    if (!wrapper) {
      wrapper =
        c.kind === 'pool'
          ? new ScopedConnection(inner, scopeStatements(this.scope, true), c.batch)
          : new ScopedConnection(inner, '');
      this.wrappers.set(inner, wrapper);
    }
    return wrapper;
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
  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.base.driver.releaseConnection(innerOf(connection));
  }
  /** The pool belongs to the base database; a request's view of it closes nothing. */
  async destroy(): Promise<void> {}
}

/** The unscoped database under a scoped one (the owner's work: VACUUM, migrations in tests). */
export function baseOf(db: Database): Database {
  return scopes.get(db)?.base ?? db;
}

/**
 * The office of the transaction, in SQL: what a query on a national table that holds per-office
 * rows (staff_roles) names explicitly. It reads the scope's own setting, so it holds in a
 * transaction of a scoped database as in the database itself; unscoped, it is NULL and matches
 * nothing.
 */
export const CURRENT_OFFICE = sql<number>`nullif(current_setting('app.office_id', true), '')::int`;

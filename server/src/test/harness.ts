import { loadConfig, type Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { officeScope, scopedDatabase } from '../platform/db/office-scope.js';
import { createApp } from '../app.js';
import type { AppDeps } from '../platform/http/env.js';
import { takeTestDatabase } from './test-databases.js';
import { recordAnswers } from './answers.js';

/**
 * Server tests run on a real database: an in-memory PGlite by default, or, with
 * TEST_DATABASE=postgres, a database on the PostgreSQL server (TEST_DATABASE_ADMIN_URL, default
 * postgres://root@127.0.0.1:5432/test). Each context's database holds exactly what the migrations
 * leave, copied from the run's migrated template (./test-databases.ts). A server that cannot be
 * reached fails the run; it is never skipped.
 */
export const usingPostgres = process.env.TEST_DATABASE === 'postgres';

export interface TestContext {
  /** The database as office 1 sees it, like a request or a job of that office (db/office-scope.ts). */
  db: Database;
  /** The same database unscoped, as the migrations and a superuser see it: every office's rows. */
  baseDb: Database;
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  /** Moves the injected clock; `now()` returns the moved time. */
  clock: { now: Date; advance(ms: number): void };
  /** Sends a request to the app the way a browser would (JSON body, cookies kept per agent). */
  request(path: string, init?: RequestInit & { json?: unknown; agent?: Agent }): Promise<Response>;
  close(): Promise<void>;
}

/** A cookie jar, one per simulated browser. */
export class Agent {
  cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const { db: baseDb, release } = await takeTestDatabase();
  const db = scopedDatabase(baseDb, officeScope(1));
  const config: Config = { ...loadConfig({}), ...overrides };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const deps: AppDeps = { db, config, now: () => clock.now };
  const app = createApp(deps);
  // Every answer is checked against /api/openapi.json when the test file ends (./answers.ts).
  recordAnswers(app);
  return {
    db,
    baseDb,
    deps,
    app,
    clock,
    async request(path, init = {}) {
      const { json, agent, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) {
        headers.set('content-type', 'application/json');
        rest.body = JSON.stringify(json);
      }
      if (agent && agent.cookies.size) headers.set('cookie', agent.header());
      const res = await app.request(path, { ...rest, headers });
      agent?.store(res);
      return res;
    },
    close: release,
  };
}

import type http from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.js';
import { listenNote, loadConfig } from './platform/config.js';
import { createDatabase, createOwnerDatabase } from './platform/db/database.js';
import { migrateToLatest } from './platform/db/migrator.js';
import { startWorkers } from './workers.js';
import { firstRunHint } from './modules/accounts/first-run.js';
import { settleMail } from './platform/mail/mailer.js';

/** Start: configuration, database, migrations, workers, then listen on one port (API + PWA). */
const config = loadConfig();
const db = await createDatabase(config);
// The migrations run as the schema's owner; the server's own queries drop to portal_app in every
// transaction (db/office-scope.ts), and may connect as a login that owns nothing at all.
const owner = config.databaseOwnerUrl ? await createOwnerDatabase(config) : db;
const applied = await migrateToLatest(owner);
if (owner !== db) await owner.destroy();
if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
console.log(
  config.databaseUrl
    ? 'Database: PostgreSQL (DATABASE_URL)'
    : `Database: embedded PostgreSQL (PGlite) in ${config.dataDir}/pglite`,
);

const deps = { db, config, now: () => new Date() };
const app = createApp(deps);
const stopWorkers = await startWorkers(deps);

const note = listenNote(config);
if (note) console.log(note);
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Portal running at http://localhost:${info.port}/`);
});
// A client or a proxy reuses an idle connection up to its own limit (60 s for most proxies). Node's
// default closes it after 5 s, and a request sent in that moment is reset (ECONNRESET) before the
// portal sees it: keep idle connections longer than the proxies do, as they advise.
// (serve() makes a plain HTTP/1.1 server here: no createServer option asks for another.)
const http1 = server as http.Server;
http1.keepAliveTimeout = 65_000;
http1.headersTimeout = 66_000;
// No Admin yet: say how to create the first one (there is no default password).
const hint = await firstRunHint(db);
if (hint) console.log(`\n${hint}\n`);

async function shutdown() {
  await stopWorkers();
  await settleMail(); // let a password-reset e-mail in flight finish
  server.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

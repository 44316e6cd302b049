import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Starts the real portal for a browser scenario: `server/src/main.ts` on a free port, an embedded
 * PostgreSQL in a fresh temporary data folder, and the http SMS driver pointed at the stub gateway.
 */
export interface Portal {
  url: string;
  dataDir: string;
  /** The prepared office the data folder was copied from (its first Admin is made), if it was. */
  office: PreparedOffice | null;
  log: string[];
  stop(): Promise<void>;
  restart(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Runs `npm run create-admin` against the data folder and returns the printed one-time password;
 * `root` is the checkout whose script runs (this one by default).
 */
export function createAdmin(dataDir: string, email: string, root = repoRoot): string {
  const r = spawnSync('node', ['--import', 'tsx', 'server/src/scripts/create-admin.ts', '--email', email], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`create-admin failed: ${r.stderr || r.stdout}`);
  const m = /(?:password|পাসওয়ার্ড)[^:]*:\s*(\S+)/i.exec(r.stdout);
  if (!m) throw new Error(`create-admin printed no password:\n${r.stdout}`);
  return m[1]!;
}

/**
 * An office as the create-admin script leaves it: a data folder with every migration applied and
 * the first Admin made (the portal stopped, as an office does it). Built once per run and copied
 * into each scenario's fresh data folder, so a scenario starts in about a second instead of
 * migrating a new database and restarting around the script (docs/decisions/049-test-databases.md).
 */
export interface PreparedOffice {
  dir: string;
  adminEmail: string;
  oneTimePassword: string;
}
let prepared: PreparedOffice | null = null;
export function preparedOffice(): PreparedOffice {
  if (!prepared) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-office-'));
    const adminEmail = 'admin@e2e.example.org';
    prepared = { dir, adminEmail, oneTimePassword: createAdmin(dir, adminEmail) };
  }
  return prepared;
}

export async function startPortal(opts: {
  smsUrl: string;
  smsToken: string;
  dataDir?: string;
  /** Another build of the PWA to serve (benchmarks compare two builds side by side). */
  clientDist?: string;
  /** Another checkout whose server runs (with its own node_modules); this one by default. */
  root?: string;
}): Promise<Portal> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  // A data folder with no database starts as the prepared office; another checkout's server (a
  // benchmark's other tree) may have other migrations, so it starts from nothing.
  const office = !opts.root && !fs.existsSync(path.join(dataDir, 'pglite')) ? preparedOffice() : null;
  if (office) fs.cpSync(path.join(office.dir, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const port = await freePort();
  const log: string[] = [];
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn('node', ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: opts.root ?? repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMS_DRIVER: 'http',
        SMS_GATEWAY_URL: opts.smsUrl,
        SMS_GATEWAY_TOKEN: opts.smsToken,
        SMS_POLL_MS: '300',
        ...(opts.clientDist ? { CLIENT_DIST: opts.clientDist } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`portal did not start:\n${log.join('')}`)), 60_000);
      const onData = (b: Buffer) => {
        log.push(b.toString());
        if (b.toString().includes('Portal running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child!.stdout!.on('data', onData);
      child!.stderr!.on('data', (b: Buffer) => log.push(b.toString()));
      child!.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`portal exited with ${code}:\n${log.join('')}`));
      });
    });
    await started;
    child!.removeAllListeners('exit');
  }

  async function stop() {
    const c = child;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.on('exit', () => resolve());
      c.kill('SIGTERM');
      setTimeout(() => c.kill('SIGKILL'), 5000);
    });
  }

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    office,
    log,
    stop,
    async restart() {
      await stop();
      await start();
    },
  };
}

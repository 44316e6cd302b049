import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS, PHONE } from './browser.js';

/**
 * A phone whose browser can be killed for real (docs/decisions/018-service-targets.md "How to prove it": the browser
 * process killed 0.5-3 s after "send"). playwright's launchPersistentContext hides the process, so
 * Debian's chromium is started here in its own process group and driven over the DevTools
 * protocol; kill() sends SIGKILL to the whole group (browser, renderers, the service worker's
 * process) with no chance to flush anything, and relaunch() starts it again on the same profile
 * folder, as a person opening the browser again would.
 */
export interface KillablePhone {
  page: Page;
  context: BrowserContext;
  /** The profile folder that survives kills (IndexedDB, localStorage, cookies, service worker). */
  profileDir: string;
  /** SIGKILL to every process of the browser; resolves when all are gone. */
  kill(): Promise<void>;
  /** A new browser on the same profile; `page` and `context` are replaced. */
  relaunch(): Promise<void>;
  /** Kills the browser (if running) and removes the profile folder. */
  dispose(): Promise<void>;
}

/** Sets the network of the page over CDP: a slow mobile link, cut, or normal again. */
export type NetworkState = 'normal' | 'offline' | { latencyMs: number; bytesPerSecond: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Chromium writes the port it chose (--remote-debugging-port=0) into the profile folder. */
async function devToolsPort(profileDir: string, child: ChildProcess, log: string[]): Promise<number> {
  const file = path.join(profileDir, 'DevToolsActivePort');
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}:\n${log.join('')}`);
    try {
      const port = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
      if (port > 0) return port;
    } catch {
      /* not written yet */
    }
    if (Date.now() > end) throw new Error(`chromium wrote no DevToolsActivePort:\n${log.join('')}`);
    await sleep(50);
  }
}

export async function launchKillablePhone(opts: { width?: number; height?: number } = {}): Promise<KillablePhone> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}; browser scenarios are required.`);
  const width = opts.width ?? PHONE.width;
  const height = opts.height ?? PHONE.height;
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-killable-'));
  let child: ChildProcess | null = null;
  let browser: Browser | null = null;

  async function launch(): Promise<{ context: BrowserContext; page: Page }> {
    fs.rmSync(path.join(profileDir, 'DevToolsActivePort'), { force: true });
    const log: string[] = [];
    child = spawn(
      CHROMIUM,
      [
        ...CHROMIUM_FLAGS,
        '--headless=new',
        `--user-data-dir=${profileDir}`,
        '--remote-debugging-port=0',
        '--remote-debugging-address=127.0.0.1',
        // The same phone as openPhone: Bangla (navigator.language and Accept-Language), 360 px wide.
        `--lang=${PHONE.locale}`,
        `--accept-lang=${PHONE.locale},bn`,
        `--window-size=${width},${height}`,
        '--force-device-scale-factor=1',
        // Phones draw overlay scrollbars; playwright's headless launch hides them the same way.
        '--hide-scrollbars',
        '--no-default-browser-check',
        '--password-store=basic',
        'about:blank',
      ],
      // Its own process group, so that one signal reaches every process the browser started.
      { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    child.stderr!.on('data', (b: Buffer) => log.length < 200 && log.push(b.toString()));
    const port = await devToolsPort(profileDir, child, log);
    browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const context = browser.contexts()[0]!;
    const page = context.pages()[0] ?? (await context.newPage());
    await page.setViewportSize({ width, height });
    return { context, page };
  }

  async function kill(): Promise<void> {
    const c = child;
    if (!c?.pid) return;
    child = null;
    const exited = c.exitCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r()));
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
    await exited;
    // Renderers and the GPU/network processes die with the group; wait until none is left
    // holding the profile (they are reparented and reaped once the browser is gone).
    const end = Date.now() + 10_000;
    while (groupAlive(c.pid) && Date.now() < end) await sleep(50);
    // The CDP connection broke with the process; drop our side of it.
    await browser?.close().catch(() => undefined);
    browser = null;
  }

  const first = await launch();
  const phone: KillablePhone = {
    ...first,
    profileDir,
    kill,
    async relaunch() {
      await kill();
      const next = await launch();
      phone.context = next.context;
      phone.page = next.page;
    },
    async dispose() {
      await kill();
      fs.rmSync(profileDir, { recursive: true, force: true });
    },
  };
  return phone;
}

/**
 * The page's network over CDP (Network.emulateNetworkConditions), which a browser connected with
 * connectOverCDP honours for the page's own requests; the service worker does not handle /api.
 */
const sessions = new WeakMap<Page, CDPSession>();

export async function setNetwork(phone: KillablePhone, state: NetworkState): Promise<void> {
  // One session per page, kept open: Chromium drops a session's emulation when it detaches.
  let cdp = sessions.get(phone.page);
  if (!cdp) {
    cdp = await phone.context.newCDPSession(phone.page);
    await cdp.send('Network.enable');
    sessions.set(phone.page, cdp);
  }
  await cdp.send(
    'Network.emulateNetworkConditions',
    state === 'normal'
      ? { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
      : state === 'offline'
        ? { offline: true, latency: 0, downloadThroughput: 0, uploadThroughput: 0 }
        : {
            offline: false,
            latency: state.latencyMs,
            downloadThroughput: state.bytesPerSecond,
            uploadThroughput: state.bytesPerSecond,
          },
  );
}

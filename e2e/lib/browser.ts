import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Debian's chromium, headless, with the flags that keep it off the closed network (docs/decisions/018-service-targets.md). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The phone every scenario uses: a cheap Android at 360 px, in Bangla. */
export const PHONE = { width: 360, height: 800, locale: 'bn-BD' };

/** serviceWorkers 'block': a phone whose every visit reaches the server, as before the service worker installs. */
export async function openPhone(
  opts: { width?: number; height?: number; javaScript?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium). Browser scenarios are required.`,
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-chromium-'));
  return chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: opts.width ?? PHONE.width, height: opts.height ?? PHONE.height },
    deviceScaleFactor: 1,
    locale: PHONE.locale,
    javaScriptEnabled: opts.javaScript ?? true,
    serviceWorkers: opts.serviceWorkers ?? 'allow',
    args: CHROMIUM_FLAGS,
  });
}

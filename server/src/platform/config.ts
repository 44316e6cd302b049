import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Environment to typed configuration. Every variable is listed in the README's configuration
 * table; with none set the portal runs on an embedded PostgreSQL (PGlite) in ./data.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** 'auto': send through the gateway when one is configured (here or in the site settings), else print. */
export type SmsDriver = 'auto' | 'log' | 'http';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when empty, PGlite stores data in dataDir/pglite. */
  databaseUrl: string | null;
  /**
   * The schema owner's connection, for the migrations only (DATABASE_OWNER_URL); empty: DATABASE_URL.
   * Lets the server itself connect as a login that owns nothing (docs/decisions/057-offices.md).
   */
  databaseOwnerUrl: string | null;
  dataDir: string;
  /** Public address of the portal, used in e-mails (reset links); defaults to http://localhost:PORT. */
  publicUrl: string;
  /** Set when the portal is served over https, so cookies get the Secure flag. */
  secureCookies: boolean;
  /** Reverse proxies in front of the portal (TRUST_PROXY); 0 = none, the socket's peer is the client (http/client-ip.ts). */
  trustProxyHops: number;
  sms: {
    driver: SmsDriver;
    /** Gateway URL and token: from here, or from the site settings when these are empty. Never sent to a browser. */
    url: string | null;
    token: string | null;
    /** How often the outbox worker looks for due messages. */
    pollMs: number;
  };
  smtp: { url: string | null; from: string };
  clientDist: string;
}

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());
}

/** TRUST_PROXY: empty or 0 = no proxy, n = n proxies; anything else stops the start (a typo must not silently trust a header). */
function proxyHops(v: string | undefined): number {
  if (v === undefined || v.trim() === '') return 0;
  if (!/^\d{1,2}$/.test(v.trim()))
    throw new Error(`TRUST_PROXY must be the number of reverse proxies (0, 1, 2…), not "${v}"`);
  return Number(v.trim());
}

/**
 * Where the portal listens: HOST when set; otherwise every address, except behind a trusted proxy
 * (TRUST_PROXY), where only the loopback address: a client that reached the portal's port directly
 * would choose its own address for the per-address limits by writing X-Forwarded-For
 * (docs/decisions/013). The proxy then runs on the same machine; elsewhere, HOST says where.
 */
function listenHost(host: string | undefined, trustProxyHops: number): string {
  if (host !== undefined && host.trim() !== '') return host.trim();
  return trustProxyHops > 0 ? '127.0.0.1' : '0.0.0.0';
}

/** The start's line about where it listens, when a trusted proxy made it the loopback address. */
export function listenNote(config: Pick<Config, 'host' | 'trustProxyHops'>, env = process.env): string | null {
  if (config.trustProxyHops === 0 || (env.HOST ?? '').trim() !== '') return null;
  return (
    `TRUST_PROXY=${config.trustProxyHops}: listening on ${config.host} only, so that nobody reaches the portal ` +
    'without the proxy and writes their own X-Forwarded-For. Set HOST to listen elsewhere (a proxy on another machine).'
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const smsUrl = env.SMS_GATEWAY_URL || null;
  const trustProxyHops = proxyHops(env.TRUST_PROXY);
  return {
    port,
    host: listenHost(env.HOST, trustProxyHops),
    databaseUrl: env.DATABASE_URL || null,
    databaseOwnerUrl: env.DATABASE_OWNER_URL || null,
    dataDir: path.resolve(repoRoot, env.DATA_DIR ?? 'data'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    secureCookies: bool(env.SECURE_COOKIES, (env.PUBLIC_URL ?? '').startsWith('https://')),
    trustProxyHops,
    sms: {
      driver: (env.SMS_DRIVER as SmsDriver | undefined) || 'auto',
      url: smsUrl,
      token: env.SMS_GATEWAY_TOKEN || null,
      pollMs: Number(env.SMS_POLL_MS ?? 2000),
    },
    smtp: { url: env.SMTP_URL || null, from: env.MAIL_FROM ?? 'no-reply@localhost' },
    clientDist: path.resolve(repoRoot, env.CLIENT_DIST ?? 'client/dist'),
  };
}

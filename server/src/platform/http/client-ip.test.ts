import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenNote, loadConfig } from '../config.js';
import { AUTH_LIMITS } from '../../modules/auth/throttle.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { addressKey, pickClientIp } from './client-ip.js';

/** Which address the per-address limits count (docs/decisions/013: TRUST_PROXY is a number of proxies). */
describe('pickClientIp', () => {
  const socketAddress = '10.0.0.2';
  const pick = (forwardedFor: string | undefined, hops: number) => pickClientIp({ forwardedFor, socketAddress, hops });

  it('takes the socket peer without a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(pick('203.0.113.9', 0)).toBe(socketAddress);
    expect(pick(undefined, 0)).toBe(socketAddress);
  });

  it('takes the address the trusted proxy appended, never a hop the client wrote', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; nginx appended the address it saw.
    expect(pick('1.2.3.4, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(pick('203.0.113.9', 1)).toBe('203.0.113.9');
    // Two proxies: the outer one saw the client, the inner one appended the outer one's address.
    expect(pick('1.2.3.4, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    expect(pick('2001:db8::7,198.51.100.1', 1)).toBe('198.51.100.1');
  });

  it('falls back sensibly on short, empty or garbled headers', () => {
    expect(pick('203.0.113.9', 2)).toBe('203.0.113.9'); // fewer hops than proxies: the furthest known
    expect(pick('', 1)).toBe(socketAddress);
    expect(pick(' , ', 1)).toBe(socketAddress);
    expect(pick('1.2.3.4, not-an-address', 1)).toBe(socketAddress);
  });
});

describe('addressKey', () => {
  it('counts an IPv6 subscriber by its /64, so rotating addresses inside it gains nothing', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });

  it('keeps IPv4 as it is, also when it arrives IPv4-mapped', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe('TRUST_PROXY', () => {
  it('is a number of proxies; anything else stops the start', () => {
    expect(loadConfig({}).trustProxyHops).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxyHops).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxyHops).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('per-address limits behind one proxy', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ trustProxyHops: 1 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const forgot = (forwardedFor: string) =>
    ctx.request('/api/auth/forgot', {
      method: 'POST',
      json: { email: 'nobody@example.org' },
      headers: { 'x-forwarded-for': forwardedFor },
    });

  it('cannot be dodged with a made-up X-Forwarded-For, and do not lump different clients together', async () => {
    const { limit } = AUTH_LIMITS.forgotPerAddress;
    for (let i = 0; i < limit; i++) expect((await forgot(`192.0.2.${i}, 203.0.113.9`)).status).toBe(202);
    const refused = await forgot('192.0.2.200, 203.0.113.9');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    // Another client behind the same proxy has its own count.
    expect((await forgot('192.0.2.1, 198.51.100.4')).status).toBe(202);
  });
});

/** Behind a trusted proxy the safe deployment is the default one (docs/decisions/013). */
describe('where the portal listens', () => {
  it('listens on every address with no proxy, and only on the loopback address behind one', () => {
    expect(loadConfig({}).host).toBe('0.0.0.0');
    expect(loadConfig({ TRUST_PROXY: '0' }).host).toBe('0.0.0.0');
    const behind = loadConfig({ TRUST_PROXY: '1' });
    expect(behind.host).toBe('127.0.0.1');
    expect(listenNote(behind, {})).toMatch(/TRUST_PROXY=1: listening on 127\.0\.0\.1 only.*Set HOST/);
  });

  it('listens where HOST says, even behind a proxy, and then says nothing more', () => {
    const env = { TRUST_PROXY: '1', HOST: '10.0.0.5' };
    const config = loadConfig(env);
    expect(config.host).toBe('10.0.0.5');
    expect(listenNote(config, env)).toBeNull();
    expect(listenNote(loadConfig({}), {})).toBeNull();
  });
});

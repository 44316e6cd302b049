import net from 'node:net';
import type { Context } from 'hono';

/**
 * The caller's address, the key of every per-address limit (sign-in, registration, one-time codes,
 * the contact form). Behind `hops` reverse proxies (TRUST_PROXY, docs/decisions/013) each proxy
 * appends the address it was reached from to X-Forwarded-For, so the hops-th entry from the right
 * was written by the outermost trusted proxy; everything left of it came from the client and may be
 * made up. With fewer entries than hops, the left-most is the furthest address known (as Express's
 * `trust proxy` count does). No proxy, no header, or an entry that is not an address: the socket's peer.
 */
export function pickClientIp(input: {
  forwardedFor: string | undefined;
  socketAddress: string | undefined;
  hops: number;
}): string {
  const socket = input.socketAddress ?? '127.0.0.1';
  if (input.hops <= 0 || !input.forwardedFor) return socket;
  const chain = input.forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (chain.length === 0) return socket;
  const chosen = chain[Math.max(0, chain.length - input.hops)]!;
  return net.isIP(chosen) ? chosen : socket;
}

/**
 * The key a per-address limit counts under. One IPv6 subscriber is given a whole /64 and may use
 * any address in it, so IPv6 addresses are counted by their /64 (docs/decisions/013); an
 * IPv4-mapped IPv6 address is its IPv4 address.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!net.isIPv6(ip)) return ip;
  return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function ipv6Groups(ip: string): string[] {
  const bare = ip.split('%')[0]!;
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) stands for the last two groups.
  const withoutQuad = bare.replace(/(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((n) => n.toString(16)).join(':'),
  );
  const [head, tail] = withoutQuad.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16).toString(16));
}

/** The limit key of the caller of a request served by @hono/node-server (tests have no socket: 127.0.0.1). */
export function clientIp(c: Context, hops: number): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return addressKey(
    pickClientIp({
      forwardedFor: c.req.header('x-forwarded-for'),
      socketAddress: incoming?.socket?.remoteAddress,
      hops,
    }),
  );
}

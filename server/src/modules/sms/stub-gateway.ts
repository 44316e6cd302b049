import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * A local SMS gateway speaking the real protocol (spec 1 §7): POST form-encoded token, to, message;
 * it answers "Ok: …" when it accepts. Used by the server tests and by the browser scenario, which
 * read the codes from `received`. `failFirst`/`setFailing(n)` make the next n requests fail (a 503 with
 * an error text), to show that an outage loses nothing and sends nothing twice.
 *
 * As a script: `node --import tsx server/src/modules/sms/stub-gateway.ts --port 9099 [--token T] [--fail-first N]`
 * prints `{"url","token"}` and then one JSON line per accepted message.
 */
export interface StubMessage {
  to: string;
  message: string;
}

export interface StubGateway {
  url: string;
  token: string;
  /** Every message the stub accepted, in order. */
  received: StubMessage[];
  /** How many requests were answered "Ok". */
  readonly accepted: number;
  /** Every request, accepted or not (for counting retries). */
  readonly requests: number;
  setFailing(n: number): void;
  close(): Promise<void>;
}

export async function startStubGateway(
  opts: { failFirst?: number; token?: string; port?: number; onMessage?: (m: StubMessage) => void } = {},
): Promise<StubGateway> {
  const token = opts.token ?? crypto.randomBytes(12).toString('hex');
  const received: StubMessage[] = [];
  let failing = opts.failFirst ?? 0;
  let accepted = 0;
  let requests = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const reply = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(text);
      };
      if (req.method !== 'POST') return reply(405, 'Error: POST only');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      if (form.get('token') !== token) return reply(200, 'Error: invalid token');
      const to = form.get('to') ?? '';
      const message = form.get('message') ?? '';
      if (!/^8801[3-9]\d{8}$/.test(to)) return reply(200, 'Error: invalid number');
      if (!message) return reply(200, 'Error: empty message');
      if (failing > 0) {
        failing--;
        return reply(503, 'Error: service unavailable');
      }
      accepted++;
      const m = { to, message };
      received.push(m);
      opts.onMessage?.(m);
      reply(200, `Ok: queued ${accepted}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/send`,
    token,
    received,
    get accepted() {
      return accepted;
    },
    get requests() {
      return requests;
    },
    setFailing(n) {
      failing = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const stub = await startStubGateway({
    port: Number(arg('--port') ?? 0),
    token: arg('--token'),
    failFirst: Number(arg('--fail-first') ?? 0),
    onMessage: (m) => console.log(JSON.stringify(m)),
  });
  console.log(JSON.stringify({ url: stub.url, token: stub.token }));
  const stop = () => void stub.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

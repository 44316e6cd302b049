import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { LICENCE_STATUSES, serialIdSchema, todayInDhaka } from '@portal/shared';
import { createRouter } from '../http/router.js';
import type { AppEnv } from '../http/env.js';
import { Problem } from '../http/problem.js';
import { takeToken } from '../http/rate-limit.js';
import { problems } from '../http/openapi-contract.js';
import { findLicenceFacts } from './licence-facts.repository.js';
import { signingKey } from './signing-key.js';
import { b64url } from './signed-facts.js';

/**
 * Anyone checks a licence (docs/decisions/024-signed-licence-qr.md): the office's public key, and a
 * licence's live status by its number. No sign-in. Per address, a person checking a stack of
 * printouts is never stopped, while walking every number to collect names and places is slowed.
 */
const CHECK_LIMIT = { limit: 60, windowSeconds: 60 };

/** The key changes only when the office rotates it; a day's caching spares the database. */
const KEY_CACHE = 'public, max-age=86400';

const keySchema = z.object({
  keyId: z.string(),
  /** The raw 32-byte Ed25519 public key, base64url. */
  publicKey: z.string(),
  algorithm: z.literal('Ed25519'),
});

const liveSchema = z.object({
  number: z.number().int(),
  holderName: z.string(),
  place: z.object({ village: z.string(), union: z.string(), upazila: z.string() }),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.enum(LICENCE_STATUSES),
});

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
});

async function limitByAddress(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const token = await takeToken(deps.db, {
    bucket: 'licence-check-ip',
    key: c.get('clientIp'),
    ...CHECK_LIMIT,
    now: deps.now(),
  });
  if (!token.allowed) throw new Problem('RATE_LIMITED', { retryAfterSeconds: token.retryAfterSeconds });
}

/** Mounted at /api/public. */
export function licenceCheckRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/licence-key',
      summary: "The office's public key that signs every licence QR (anyone)",
      responses: { 200: json(keySchema, 'The current key') },
      ...problems('RATE_LIMITED'),
    }),
    async (c) => {
      await limitByAddress(c);
      const key = await signingKey(c.get('deps').db);
      c.header('Cache-Control', KEY_CACHE);
      return c.json({ keyId: key.keyId, publicKey: b64url(key.publicKey), algorithm: 'Ed25519' as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/licence-check/{licenceNumber}',
      summary: "A licence's status today, holder name, place and validity; nothing more personal (anyone)",
      request: { params: z.object({ licenceNumber: serialIdSchema }) },
      responses: { 200: json(liveSchema, 'The licence as it stands today') },
      ...problems('RATE_LIMITED', 'NOT_FOUND'),
    }),
    async (c) => {
      await limitByAddress(c);
      const deps = c.get('deps');
      const { licenceNumber } = c.req.valid('param');
      const facts = await findLicenceFacts(deps.db, { number: licenceNumber }, todayInDhaka(deps.now()));
      if (!facts) throw new Problem('NOT_FOUND');
      // Named field by field, so nothing added to the facts later leaks into this public answer.
      const { number, holderName, place, validFrom, validTo, status } = facts;
      return c.json({ number, holderName, place, validFrom, validTo, status }, 200);
    },
  );

  return app;
}

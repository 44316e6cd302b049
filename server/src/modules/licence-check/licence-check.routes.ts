import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { LICENCE_STATUSES, serialIdSchema, todayInDhaka } from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import type { AppEnv } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { takeToken } from '../../platform/http/rate-limit.js';
import { problems } from '../../platform/http/openapi-contract.js';
import type { Database } from '../../platform/db/database.js';
import { baseOf, officeScope, scopedDatabase, scopeOf } from '../../platform/db/office-scope.js';
import { officeByCode, officeById } from '../offices/office-lookup.js';
import { movedTo } from '../offices/boundary-move.js';
import { findLicenceFacts } from './licence-facts.repository.js';
import { signingKey } from './signing-key.js';
import { b64url } from './signed-facts.js';
import { json } from '../../platform/http/openapi-shapes.js';

/**
 * Anyone checks a licence (docs/decisions/024-signed-licence-qr.md): the office's public key, and a
 * licence's live status by its number. No sign-in. Per address, a person checking a stack of
 * printouts is never stopped, while walking every number to collect names and places is slowed.
 * `?office=<code>` (what a QR of payload version 2 names) asks another office than the site's:
 * numbers are unique only per office (docs/decisions/057-offices.md).
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

const officeQuery = z.object({
  office: z.string().optional().openapi({
    description: "The issuing office's code (as a licence QR names it); without it, the office of this address",
    example: 'u159',
  }),
});

const liveSchema = z.object({
  number: z.number().int(),
  holderName: z.string(),
  place: z.object({ village: z.string(), union: z.string(), upazila: z.string() }),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.enum(LICENCE_STATUSES),
  office: z
    .object({ code: z.string(), nameBn: z.string(), nameEn: z.string() })
    .openapi({ description: 'The office that issued the licence' }),
  /** Asked by the number an older office gave it: that office and number (issue 22, boundaries change). */
  movedFrom: z
    .object({
      number: z.number().int(),
      office: z.object({ code: z.string(), nameBn: z.string(), nameEn: z.string() }),
    })
    .optional(),
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

/**
 * The database of the office asked about: the one `?office=` names, open or closed (a closed
 * office's licences still verify), else the request's own. An unknown or malformed code, or no
 * office at this address, is NOT_FOUND.
 */
async function askedOffice(c: Context<AppEnv>, code: string | undefined): Promise<Database> {
  const { db } = c.get('deps');
  const own = c.get('office');
  if (code === undefined) {
    if (!own) throw new Problem('NOT_FOUND');
    return db;
  }
  const office = await officeByCode(db, code);
  if (!office) throw new Problem('NOT_FOUND');
  return office.id === own?.id ? db : scopedDatabase(baseOf(db), officeScope(office.id));
}

/** Mounted at /api/public. */
export function licenceCheckRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/licence-key',
      summary: "The office's public key that signs every licence QR (anyone)",
      request: { query: officeQuery },
      responses: { 200: json(keySchema, 'The current key') },
      ...problems('RATE_LIMITED', 'NOT_FOUND'),
    }),
    async (c) => {
      await limitByAddress(c);
      const key = await signingKey(await askedOffice(c, c.req.valid('query').office));
      c.header('Cache-Control', KEY_CACHE);
      return c.json({ keyId: key.keyId, publicKey: b64url(key.publicKey), algorithm: 'Ed25519' as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/licence-check/{licenceNumber}',
      summary: "A licence's status today, holder name, place and validity; nothing more personal (anyone)",
      request: { params: z.object({ licenceNumber: serialIdSchema }), query: officeQuery },
      responses: { 200: json(liveSchema, 'The licence as it stands today') },
      ...problems('RATE_LIMITED', 'NOT_FOUND'),
    }),
    async (c) => {
      await limitByAddress(c);
      const deps = c.get('deps');
      const { licenceNumber } = c.req.valid('param');
      const db = await askedOffice(c, c.req.valid('query').office);
      const today = todayInDhaka(deps.now());
      let facts = await findLicenceFacts(db, { number: licenceNumber }, today);
      let movedFrom: { number: number; office: { code: string; nameBn: string; nameEn: string } } | undefined;
      if (!facts) {
        // A paper of an office whose licence later moved to a new upazila's office (offices/boundary-move.ts).
        const asked = scopeOf(db)?.officeId;
        const moved = asked ? await movedTo(db, asked, licenceNumber) : null;
        const old = asked ? await officeById(db, asked) : null;
        if (moved && old) {
          facts = await findLicenceFacts(scopedDatabase(baseOf(db), officeScope(moved.officeId)), moved, today);
          movedFrom = { number: licenceNumber, office: { code: old.code, nameBn: old.nameBn, nameEn: old.nameEn } };
        }
      }
      if (!facts) throw new Problem('NOT_FOUND');
      // Named field by field, so nothing added to the facts later leaks into this public answer.
      const { number, holderName, place, validFrom, validTo, status, issuer } = facts;
      return c.json({ number, holderName, place, validFrom, validTo, status, office: issuer, movedFrom }, 200);
    },
  );

  return app;
}

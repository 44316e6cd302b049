import crypto from 'node:crypto';
import type { Context } from 'hono';
import { OTP, toBanglaDigits, translate } from '@portal/shared';
import { scopeOf } from '../../platform/db/office-scope.js';
import type { Database } from '../../platform/db/database.js';
import { issueGrant } from '../../platform/http/citizen-grant.js';
import type { AppEnv } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { takeToken } from '../../platform/http/rate-limit.js';
import { smsText } from '../sms/messages.js';
import { enqueueSms } from '../sms/outbox.js';
import { getSettings } from '../settings/settings.repository.js';
import { codeMatches, hashCode, newCode } from './otp-code.js';
import {
  expireOpenChallenges,
  findApplicationByNumberAndMobile,
  insertChallenge,
  lockChallenge,
  markVerified,
  recordWrongTry,
} from './verification.repository.js';

const MINUTES_15 = 15 * 60;
const DAY = 24 * 60 * 60;

/**
 * Sends are limited per address and per number, in 15 minutes and in a day (docs/decisions/018-service-targets.md).
 * The number's budget is kept per (mobile, application number) pair (decision 015): a stranger's
 * sends naming a made-up application number spend their own pair's budget and the address's, never
 * the applicant's. The limits apply whether or not an application matches, and a made-up pair is
 * refused exactly like a real one, so they reveal nothing either.
 */
async function limitSends(
  db: Database,
  input: { address: string; mobile: string; applicationNumber: string; now: Date },
): Promise<void> {
  const { address, now } = input;
  // Application numbers repeat across offices, and the limits are national: the pair is the office's.
  const pair = `${scopeOf(db)?.officeId ?? 0}:${input.mobile}#${Number(input.applicationNumber)}`;
  const rules = [
    { bucket: 'otp-address-15m', key: address, limit: OTP.sendsPerAddressPer15Min, windowSeconds: MINUTES_15 },
    { bucket: 'otp-address-day', key: address, limit: OTP.sendsPerAddressPerDay, windowSeconds: DAY },
    { bucket: 'otp-pair-15m', key: pair, limit: OTP.sendsPerNumberPer15Min, windowSeconds: MINUTES_15 },
    { bucket: 'otp-pair-day', key: pair, limit: OTP.sendsPerNumberPerDay, windowSeconds: DAY },
  ];
  for (const rule of rules) {
    const { allowed, retryAfterSeconds } = await takeToken(db, { ...rule, now });
    if (!allowed) throw new Problem('RATE_LIMITED', { retryAfterSeconds });
  }
}

/** Matches no application: a send that names none runs the same statements, touching nothing. */
const NO_APPLICATION = '00000000-0000-0000-0000-000000000000';

/**
 * Starts a verification (spec 1 §2, §4). When the number and mobile name an application, a code is
 * texted to that mobile; when they do not, a challenge that can never be verified is made and
 * nothing is sent. Either way the answer is the same (no enumeration, spec README defect 1), and
 * the work nearly so (only the text's row is not written). A send that names no application never
 * cancels a pending code (issue 7). Returns whether a text was queued, so the caller can wake the
 * SMS worker.
 */
export async function sendCode(
  db: Database,
  input: {
    applicationNumber: string;
    mobile: string;
    purpose: number;
    address: string;
    now: Date;
    fallbackSite: string;
  },
): Promise<{ challengeId: string; expiresInSeconds: number; message: string; queued: boolean }> {
  const { mobile, purpose, now } = input;
  await limitSends(db, { address: input.address, mobile, applicationNumber: input.applicationNumber, now });
  const challengeId = crypto.randomUUID();
  const code = newCode();
  const queued = await db.transaction().execute(async (trx) => {
    const app = await findApplicationByNumberAndMobile(trx, Number(input.applicationNumber), mobile);
    await expireOpenChallenges(trx, { applicationId: app?.id ?? NO_APPLICATION, mobile, purpose, now });
    await insertChallenge(trx, {
      id: challengeId,
      applicationId: app?.id ?? null,
      mobile,
      purpose,
      // Without a match the stored hash is of a code nobody was told.
      codeHash: hashCode(challengeId, app ? code : newCode()),
      expiresAt: new Date(now.getTime() + OTP.ttlSeconds * 1000),
      now,
    });
    const settings = await getSettings(trx);
    if (!app) return false;
    await enqueueSms(trx, {
      to: mobile,
      body: smsText.otp({ code, siteName: settings.webUrl || input.fallbackSite }),
      kind: 'otp',
      dedupeKey: `otp:${challengeId}`,
    });
    return true;
  });
  return { challengeId, expiresInSeconds: OTP.ttlSeconds, message: translate('bn', 'verification.sent'), queued };
}

type ConfirmOutcome =
  | { kind: 'expired' }
  | { kind: 'locked' }
  | { kind: 'wrong'; remaining: number }
  | { kind: 'ok'; applicationId: string; applicationNumber: number; purpose: number; expiresInSeconds: number };

/**
 * Checks a code: single use, at most OTP.maxWrongTries wrong tries, OTP.ttlSeconds. A correct code
 * issues the grant cookie bound to that one application. A wrong try is committed before the
 * problem is answered, so it counts even though the request fails.
 */
export async function confirmCode(
  c: Context<AppEnv>,
  input: { challengeId: string; code: string },
): Promise<{ applicationId: string; applicationNumber: number; purpose: number; expiresInSeconds: number }> {
  const { db, now: clock } = c.get('deps');
  const now = clock();
  const outcome = await db.transaction().execute(async (trx): Promise<ConfirmOutcome> => {
    const ch = await lockChallenge(trx, input.challengeId);
    if (!ch || ch.verified_at || new Date(ch.expires_at).getTime() <= now.getTime()) return { kind: 'expired' };
    if (ch.wrong_tries >= OTP.maxWrongTries) return { kind: 'locked' };
    if (!ch.application_id || ch.application_number == null || !codeMatches(ch.id, input.code, ch.code_hash)) {
      const tries = await recordWrongTry(trx, ch.id);
      return tries >= OTP.maxWrongTries ? { kind: 'locked' } : { kind: 'wrong', remaining: OTP.maxWrongTries - tries };
    }
    await markVerified(trx, ch.id, now);
    const { expiresInSeconds } = await issueGrant(trx, c, {
      applicationId: ch.application_id,
      purpose: ch.purpose,
      now,
    });
    return {
      kind: 'ok',
      applicationId: ch.application_id,
      applicationNumber: ch.application_number,
      purpose: ch.purpose,
      expiresInSeconds,
    };
  });
  switch (outcome.kind) {
    case 'expired':
      throw new Problem('OTP_EXPIRED');
    case 'locked':
      throw new Problem('OTP_LOCKED');
    case 'wrong':
      throw new Problem('OTP_WRONG', {
        fields: { code: translate('bn', 'verification.wrongTries', { n: toBanglaDigits(outcome.remaining) }) },
        current: { remainingTries: outcome.remaining },
      });
    case 'ok': {
      const { kind: _kind, ...result } = outcome;
      return result;
    }
  }
}

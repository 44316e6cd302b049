import crypto from 'node:crypto';
import { OTP } from '@portal/shared';

/**
 * One-time codes (docs/decisions/018-service-targets.md): 6 digits from the operating system's secure random source;
 * only an HMAC-SHA256 keyed with the challenge id is stored, so a database copy shows no code and
 * the same code gives different hashes in different challenges. Compared in constant time.
 */
export function newCode(): string {
  return String(crypto.randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
}

export function hashCode(challengeId: string, code: string): string {
  return crypto.createHmac('sha256', challengeId).update(code).digest('hex');
}

export function codeMatches(challengeId: string, code: string, storedHash: string): boolean {
  const given = Buffer.from(hashCode(challengeId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

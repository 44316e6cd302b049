import { common as bnCommon } from './bn/common.js';
import { problems as bnProblems } from './bn/problems.js';
import { application as bnApplication } from './bn/application.js';
import { intake as bnIntake } from './bn/intake.js';
import { verification as bnVerification } from './bn/verification.js';
import { review as bnReview } from './bn/review.js';
import { staff as bnStaff } from './bn/staff.js';
import { decisions as bnDecisions } from './bn/decisions.js';
import { licence as bnLicence } from './bn/licence.js';
import { auth as bnAuth } from './bn/auth.js';
import { offline as bnOffline } from './bn/offline.js';
import { sms as bnSms } from './bn/sms.js';
import { services as bnServices } from './bn/services.js';
import { content as bnContent } from './bn/content.js';
import { common as enCommon } from './en/common.js';
import { problems as enProblems } from './en/problems.js';
import { application as enApplication } from './en/application.js';
import { intake as enIntake } from './en/intake.js';
import { verification as enVerification } from './en/verification.js';
import { review as enReview } from './en/review.js';
import { staff as enStaff } from './en/staff.js';
import { decisions as enDecisions } from './en/decisions.js';
import { licence as enLicence } from './en/licence.js';
import { auth as enAuth } from './en/auth.js';
import { offline as enOffline } from './en/offline.js';
import { sms as enSms } from './en/sms.js';
import { services as enServices } from './en/services.js';
import { content as enContent } from './en/content.js';

/**
 * The i18n catalogue. Bangla is the default language of every screen, print page and SMS.
 * Each feature keeps its own file under bn/ and en/ (keys prefixed by feature) so that
 * features can be worked on side by side.
 */
export const bn = {
  ...bnCommon,
  ...bnProblems,
  ...bnApplication,
  ...bnIntake,
  ...bnVerification,
  ...bnReview,
  ...bnStaff,
  ...bnDecisions,
  ...bnLicence,
  ...bnAuth,
  ...bnOffline,
  ...bnSms,
  ...bnServices,
  ...bnContent,
};
export type MessageKey = keyof typeof bn;
export const en: Record<MessageKey, string> = {
  ...enCommon,
  ...enProblems,
  ...enApplication,
  ...enIntake,
  ...enVerification,
  ...enReview,
  ...enStaff,
  ...enDecisions,
  ...enLicence,
  ...enAuth,
  ...enOffline,
  ...enSms,
  ...enServices,
  ...enContent,
};
export type Locale = 'bn' | 'en';
export const catalogues: Record<Locale, Record<MessageKey, string>> = { bn, en };

/** Looks a message up and fills {placeholders}. */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text = catalogues[locale][key] ?? bn[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

export * from './digits.js';
export * from './dates.js';

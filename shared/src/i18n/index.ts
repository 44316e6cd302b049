import { bn } from './bn/index.js';
import { en } from './en/index.js';
import { fillPlaceholders } from './format.js';

export { bn, en };

/**
 * The i18n catalogue. Bangla is the default language of every screen, print page and SMS.
 * Each feature keeps its own file under bn/ and en/ (keys prefixed by feature) so that
 * features can be worked on side by side.
 */
export type MessageKey = keyof typeof bn;
export type Locale = 'bn' | 'en';
export const catalogues: Record<Locale, Record<MessageKey, string>> = { bn, en };

/** Looks a message up and fills {placeholders}. */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  return fillPlaceholders(catalogues[locale][key] ?? bn[key] ?? key, params);
}

export * from './digits.js';
export * from './dates.js';
export * from './format.js';

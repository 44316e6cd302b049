import type { Locale } from '@portal/shared/i18n/index';
import { toBanglaDigits } from '@portal/shared/i18n/digits';

import type { ApiError } from '../../api/client';
import { translateIn } from '../../i18n/locale';

/**
 * The server's own message for a failure, in the reader's language (it is always there in
 * Bangla), with the wait added when sends are rate limited.
 */
export function problemText(error: ApiError, locale: Locale): string {
  const text = (locale === 'en' ? error.messageEn : error.messageBn) || error.messageBn;
  const wait = error.body?.retryAfterSeconds;
  if (error.code === 'RATE_LIMITED' && wait) {
    const minutes = Math.max(1, Math.ceil(wait / 60));
    return `${text} ${translateIn(locale, 'verification.retryAfter', { minutes: locale === 'bn' ? toBanglaDigits(minutes) : minutes })}`;
  }
  return text;
}

import { Link } from 'react-router-dom';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../i18n/locale';
import { useUnsentCount } from './hooks';

/** "N waiting to be sent", linking to /saved, shown only while something is unsent. */
export default function OutboxIndicator() {
  const t = useT();
  const { locale } = useLocale();
  const unsent = useUnsentCount();
  if (unsent === 0) return null;
  return (
    <Link
      to="/saved"
      className="block bg-amber-300 px-3 py-1 text-center text-sm font-semibold text-amber-950"
      data-testid="unsent-indicator"
    >
      {t('home.layout.unsent', { count: locale === 'bn' ? toBanglaDigits(unsent) : unsent })}
    </Link>
  );
}

import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { VerificationPurpose } from '@portal/shared/constants';
import type { StatusPanel as Panel } from '@portal/shared/schemas/citizen';
import type { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale';
import { LicencePanel } from './LicencePanel';
import { ProblemNotice } from './ProblemNotice';
import { purposeTitle } from './purposes';
import { StatusPanel } from './StatusPanel';
import { useStatusPanel } from './useStatusPanel';

/**
 * The panel shown after verification (spec 1 §2 "Panels after verification"): the status for
 * purpose 1, the licence for purpose 6. The change, amendment and consent-letter services (2-5)
 * are later work: the person is told so plainly, still after verifying.
 */
export function PurposePanel({
  purpose,
  initial,
  onGrantExpired,
}: {
  purpose: VerificationPurpose;
  initial?: Panel;
  onGrantExpired: (error: ApiError) => void;
}) {
  const t = useT();
  const { load, retry } = useStatusPanel(initial);
  const grantEnded = load.kind === 'error' && load.error.code === 'VERIFICATION_REQUIRED' ? load.error : null;
  useEffect(() => {
    if (grantEnded) onGrantExpired(grantEnded);
  }, [grantEnded, onGrantExpired]);

  if (purpose >= 2 && purpose <= 5) {
    return (
      <div className="rounded border border-sky-300 bg-sky-50 p-4 text-sky-900">
        <p>{t('verification.soon', { service: t(purposeTitle(purpose)) })}</p>
        <Link to="/verification/1" className="mt-2 inline-flex min-h-11 items-center font-bold underline">
          {t('verification.seeStatus')}
        </Link>
      </div>
    );
  }
  if (load.kind === 'loading') {
    return (
      <p role="status" className="p-4 text-center text-gray-600">
        {t('verification.loadingStatus')}
      </p>
    );
  }
  if (load.kind === 'error') {
    if (grantEnded) return null;
    return <ProblemNotice error={load.error} onRetry={retry} />;
  }
  return purpose === 6 ? <LicencePanel panel={load.panel} /> : <StatusPanel panel={load.panel} />;
}

import { lazy, Suspense, useEffect } from 'react';
import type { VerificationPurpose } from '@portal/shared/constants';
import type { StatusPanel as Panel } from '@portal/shared/schemas/citizen';
import type { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale';
import { LicencePanel } from './LicencePanel';
import { ProblemNotice } from './ProblemNotice';
import { StatusPanel } from './StatusPanel';
import { useStatusPanel } from './useStatusPanel';

// Each service's panel is its own chunk: the status look-up, the page most people open, stays small.
const ChangeRequestPanel = lazy(() => import('../change/ChangeRequestPanel'));
const AmendmentPanel = lazy(() => import('../amendment/AmendmentPanel'));
const ConsentPanel = lazy(() => import('../consent/ConsentPanel'));

/**
 * The panel shown after verification (spec 1 §2 "Panels after verification"): the status for
 * purpose 1, the change form for 2 and 3, the amendment for 4, the consent letter for 5, the
 * licence for 6.
 */
export function PurposePanel({
  purpose,
  applicationId,
  initial,
  onGrantExpired,
}: {
  purpose: VerificationPurpose;
  applicationId: string;
  initial?: Panel;
  onGrantExpired: (error: ApiError) => void;
}) {
  const t = useT();
  if (purpose === 1 || purpose === 6) {
    return <StatusOrLicence purpose={purpose} initial={initial} onGrantExpired={onGrantExpired} />;
  }
  return (
    <Suspense
      fallback={
        <p role="status" className="p-4 text-center text-gray-600">
          {t('verification.loadingForm')}
        </p>
      }
    >
      {purpose === 2 || purpose === 3 ? (
        <ChangeRequestPanel purpose={purpose} applicationId={applicationId} onGrantExpired={onGrantExpired} />
      ) : purpose === 4 ? (
        <AmendmentPanel onGrantExpired={onGrantExpired} />
      ) : (
        <ConsentPanel onGrantExpired={onGrantExpired} />
      )}
    </Suspense>
  );
}

function StatusOrLicence({
  purpose,
  initial,
  onGrantExpired,
}: {
  purpose: 1 | 6;
  initial?: Panel;
  onGrantExpired: (error: ApiError) => void;
}) {
  const t = useT();
  const { load, retry } = useStatusPanel(initial);
  const grantEnded = load.kind === 'error' && load.error.code === 'VERIFICATION_REQUIRED' ? load.error : null;
  useEffect(() => {
    if (grantEnded) onGrantExpired(grantEnded);
  }, [grantEnded, onGrantExpired]);

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

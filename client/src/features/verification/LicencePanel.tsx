import { Link } from 'react-router-dom';
import type { StatusPanel } from '@portal/shared/schemas/citizen';
import { useT } from '../../i18n/locale';

/**
 * Purpose 6, collect the licence (spec 1 §4 "Licence view"): a link to /my-license/{id} when the
 * application is approved and the office lets licences be viewed online; otherwise go to the office,
 * or final approval is not yet given. A cancelled licence shows its red notice instead.
 */
export function LicencePanel({ panel }: { panel: StatusPanel }) {
  const t = useT();
  if (panel.suspendNote !== null) {
    return (
      <div role="alert" className="rounded border-2 border-red-600 bg-red-50 p-3 text-red-900">
        <p className="font-bold">{t('verification.status.suspended')}</p>
        {panel.suspendNote && <p className="mt-1 whitespace-pre-line">{panel.suspendNote}</p>}
      </div>
    );
  }
  if (panel.stage === 'Approved' && panel.licence?.onlineAvailable) {
    return (
      <div className="rounded border border-brand-600/40 bg-brand-50 p-4 text-brand-900">
        <p className="mb-3 font-bold">{t('verification.licence.ready')}</p>
        <Link
          to={`/my-license/${panel.applicationId}`}
          className="inline-flex min-h-12 items-center rounded bg-brand-700 px-4 text-lg font-bold text-white"
        >
          {t('verification.status.viewLicence')}
        </Link>
      </div>
    );
  }
  return (
    <p role="status" className="rounded border border-amber-400 bg-amber-50 p-4 text-amber-900">
      {panel.stage === 'Approved' ? t('verification.licence.contactOffice') : t('verification.licence.notYet')}
    </p>
  );
}

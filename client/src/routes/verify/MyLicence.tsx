import { Link, useParams } from 'react-router-dom';
import { useT } from '../../i18n/locale';
import { LicenceCertificate } from '../../features/licence/LicenceCertificate';
import { LicenceLoadFailure } from '../../features/licence/LicenceLoadFailure';
import { useLicence } from '../../features/licence/useLicence';

/**
 * /my-license/:id — the citizen's own licence (spec 1 §2, §4): only after verifying the mobile
 * number for this application (/verification/6), only after final approval, and only while the
 * office lets licences be collected online (docs/decisions/006-licence-access.md).
 */
export default function MyLicence() {
  const t = useT();
  const { id = '' } = useParams();
  const { load, retry } = useLicence('/api/citizen/licence');

  if (load.kind === 'loading') {
    return (
      <p role="status" className="p-6 text-center text-gray-600">
        {t('licence.loading')}
      </p>
    );
  }
  if (load.kind === 'error') return <LicenceLoadFailure error={load.error} retry={retry} audience="citizen" />;
  // The grant is for one application; the link may be for another (an old bookmark, a relative's).
  if (load.doc.applicationId !== id) {
    return (
      <div
        role="alert"
        className="mx-3 mt-6 max-w-md rounded border border-amber-400 bg-amber-50 p-4 text-amber-900 sm:mx-auto"
      >
        <p className="mb-3">{t('licence.otherApplication')}</p>
        <Link to="/verification/6" className="font-bold text-brand-800 underline">
          {t('licence.verifyLink')}
        </Link>
      </div>
    );
  }
  return (
    <LicenceCertificate
      doc={load.doc}
      pdfBase={`/api/licences/${load.doc.applicationId}/pdf`}
      back={
        <Link to="/" className="inline-flex min-h-11 items-center px-2 font-bold text-brand-800 underline">
          {t('licence.backToSite')}
        </Link>
      }
    />
  );
}

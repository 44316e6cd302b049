import { Link, useParams } from 'react-router-dom';
import { useT } from '../../i18n/locale';
import { VerificationPage } from '../../features/verification/VerificationPage';
import { parsePurpose } from '../../features/verification/purposes';

/** /verification/:purpose — 1 status, 2 name change, 3 plot change, 4 amend, 5 consent letter, 6 licence (spec 1 §2). */
export default function Verification() {
  const t = useT();
  const purpose = parsePurpose(useParams().purpose);
  if (!purpose) {
    return (
      <div
        role="alert"
        className="mx-auto mt-6 max-w-md rounded border border-amber-400 bg-amber-50 p-4 text-amber-900"
      >
        <p className="mb-2">{t('verification.badPurpose')}</p>
        <Link to="/" className="font-bold underline">
          {t('common.home')}
        </Link>
      </div>
    );
  }
  // A new purpose is a new flow: the key resets its state.
  return <VerificationPage key={purpose} purpose={purpose} />;
}

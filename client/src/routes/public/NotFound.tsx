import { Link } from 'react-router-dom';
import { useT } from '../../i18n/locale';

/** Any unknown path (spec 1 §2: a not-found page titled Error Page). */
export default function NotFound() {
  const t = useT();
  return (
    <section className="mx-auto max-w-md py-10 text-center">
      <h1 className="mb-2 text-2xl font-bold text-gray-900">{t('common.notFoundTitle')}</h1>
      <p className="mb-6 text-gray-700">{t('common.notFoundBody')}</p>
      <Link to="/" className="inline-flex min-h-11 items-center rounded bg-brand-700 px-5 font-semibold text-white">
        {t('common.home')}
      </Link>
    </section>
  );
}

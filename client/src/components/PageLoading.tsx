import { useT } from '../i18n/locale';

export function PageLoading() {
  const t = useT();
  return (
    <p role="status" className="p-6 text-center text-gray-600">
      {t('common.loading')}
    </p>
  );
}

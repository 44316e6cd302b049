import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from '../review/format';
import { ui } from '../staff/ui';
import { wellCount, type WellsState } from './wellQuery';

/** How the wells layer stands, for the office's map and the area's alike: failed, loading, or how many, and grouped. */
export function WellsStatus({ wells }: { wells: WellsState }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <>
      {wells.failed ? (
        <p role="alert" className={ui.alertError}>
          {t('map.live.failed')}
        </p>
      ) : wells.loading ? (
        <p role="status" className="text-gray-600">
          {t('map.live.loading')}
        </p>
      ) : (
        wells.data && (
          <p className="text-gray-700">
            {t('map.live.count', { count: localDigits(wellCount(wells.data.features), locale) })}
          </p>
        )
      )}
      {wells.data?.clustered && (
        <p role="status" className="rounded border border-sky-300 bg-sky-50 p-2 text-sky-950">
          {t('map.live.clustered')}
        </p>
      )}
    </>
  );
}

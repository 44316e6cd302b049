import { SITING_RADIUS_M } from '@portal/shared/schemas/map';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from '../review/format';
import { Section } from '../review/ui';
import { useSiting } from './siting';

/** How many of the nearest wells are listed before "more". */
const SITING_ROWS_SHOWN = 3;

/**
 * The licensed wells nearest to this application (spec 3 §9 command areas), for BADC deciding
 * where a new well may stand: a red warning when the well stands inside another's command area,
 * an amber one when the two areas overlap, then the list, nearest first (the nearest three and
 * those warned of; the rest behind "more"). The same wells are drawn on the picker's map in the
 * form below (docs/decisions/029-map-picker-and-live-map.md).
 */
export function SitingPanel({ mapBelow = true }: { mapBelow?: boolean }) {
  const t = useT();
  const { locale } = useLocale();
  const state = useSiting();
  if (!state) return null;
  const metres = (n: number) => localDigits(Math.round(n), locale);

  let body;
  if (state.kind === 'loading') {
    body = (
      <p role="status" className="text-gray-600">
        {t('map.siting.loading')}
      </p>
    );
  } else if (state.kind === 'failed') {
    body = (
      <p role="status" className="rounded border border-gray-300 bg-gray-50 p-2 text-gray-800">
        {t('map.siting.failed')}
      </p>
    );
  } else if (!state.check.position) {
    body = <p className="text-gray-700">{t('map.siting.noPosition')}</p>;
  } else if (state.check.nearest.length === 0) {
    body = <p className="text-brand-800">{t('map.siting.none', { metres: metres(SITING_RADIUS_M) })}</p>;
  } else {
    const nearest = state.check.nearest;
    const inside = nearest.filter((w) => w.inside);
    const overlaps = nearest.filter((w) => !w.inside && w.overlaps);
    const params = (w: (typeof nearest)[number]) => ({
      licence: localDigits(w.licenceNumber, locale),
      name: w.name,
      distance: metres(w.distanceM),
    });
    const row = (w: (typeof nearest)[number]) => (
      <li key={w.licenceId} className="flex flex-wrap items-baseline justify-between gap-x-3 p-2">
        <span className="min-w-0 break-words">{t('map.siting.row', params(w))}</span>
        <span className="shrink-0 font-semibold">{t('map.siting.distance', { distance: metres(w.distanceM) })}</span>
        {(w.inside || w.overlaps) && (
          <span className={`w-full text-sm font-semibold ${w.inside ? 'text-red-700' : 'text-amber-800'}`}>
            {t(w.inside ? 'map.siting.insideTag' : 'map.siting.overlapsTag')}
          </span>
        )}
      </li>
    );
    // The nearest few and every one that matters for the decision stay in view; the rest of the
    // list is one tap away, so the visit and the checklist are not a phone's screen further down.
    const matters = (w: (typeof nearest)[number], i: number) => i < SITING_ROWS_SHOWN || w.inside || w.overlaps;
    const shown = nearest.filter(matters);
    const further = nearest.filter((w, i) => !matters(w, i));
    body = (
      <>
        {inside.map((w) => (
          <p
            key={`in-${w.licenceId}`}
            role="alert"
            className="mb-2 rounded border border-red-400 bg-red-50 p-2 font-semibold text-red-800"
          >
            {t('map.siting.inside', params(w))}
          </p>
        ))}
        {overlaps.map((w) => (
          <p
            key={`ov-${w.licenceId}`}
            role="alert"
            className="mb-2 rounded border border-amber-400 bg-amber-50 p-2 font-semibold text-amber-900"
          >
            {t('map.siting.overlaps', params(w))}
          </p>
        ))}
        <ol className="divide-y divide-gray-200 rounded border border-gray-200">{shown.map(row)}</ol>
        {further.length > 0 && (
          <details className="mt-2">
            <summary className="cursor-pointer py-2.5 text-brand-700 underline lg:py-1">
              {t('map.siting.more', { count: localDigits(further.length, locale) })}
            </summary>
            <ol className="divide-y divide-gray-200 rounded border border-gray-200">{further.map(row)}</ol>
          </details>
        )}
        {mapBelow && <p className="mt-2 text-sm text-gray-600">{t('map.siting.onMap')}</p>}
      </>
    );
  }
  return (
    <Section title={t('map.siting.title')} id="siting-title">
      {body}
    </Section>
  );
}

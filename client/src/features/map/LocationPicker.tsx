import { lazy, Suspense, useCallback, useState } from 'react';
import type { NearbyWell } from '@portal/shared/schemas/map';
import { insideBangladesh } from '@portal/shared/geo/geo';
import { useLocale, useT } from '../../i18n/locale';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { ChunkBoundary, WhenVisible } from '../home/WhenVisible';
import { formatCoordinate, GPS_WARN_METRES, readPosition } from './coords';
import { useGps, type Fix } from './useGps';
import type { PickerMapProps } from './pickerTypes';

// Leaflet (about 50 KiB compressed) is fetched only when the map comes near the screen, never with
// the form's first paint (docs/decisions/011-bundle-budget.md); the boxes below work without it.
const PickerMap = lazy(() => import('./PickerMap'));

const MAP_BOX = 'h-64 sm:h-80';

function MapPlaceholder({ text, failed = false }: { text: string; failed?: boolean }) {
  return (
    <div
      role={failed ? 'alert' : 'status'}
      className={`${MAP_BOX} flex w-full items-center justify-center rounded border border-gray-300 bg-gray-100 p-4 text-center text-sm text-gray-700`}
    >
      {text}
    </div>
  );
}

/**
 * The location picker of every form that takes a well's position (docs/decisions/029-map-picker-and-live-map.md):
 * tap the map to place the pin, drag it, or take the phone's position (its accuracy drawn and a
 * warning past 30 m). The form's own latitude and longitude boxes stay the one truth: the picker
 * writes into them (Latin digits, as the server reads them) and follows what is typed there, Bangla
 * digits included. A place outside Bangladesh is refused with a message.
 */
export function LocationPicker({
  latitude,
  longitude,
  onChange,
  disabled,
  wells,
  radiusM,
  onFix: onFixTaken,
  marks,
  around,
}: {
  latitude: string;
  longitude: string;
  onChange: (latitude: string, longitude: string) => void;
  disabled?: boolean;
  wells?: readonly NearbyWell[];
  radiusM?: number | null;
  /** The GPS fix now under the pin, or null once the pin is placed by hand (a site visit records its accuracy). */
  onFix?: (fix: Fix | null) => void;
  marks?: PickerMapProps['marks'];
  around?: PickerMapProps['around'];
}) {
  const t = useT();
  const { locale } = useLocale();
  const [refused, setRefused] = useState(false);
  const [accuracy, setAccuracy] = useState<Fix | null>(null);

  const place = useCallback(
    (lat: number, lng: number): boolean => {
      if (!insideBangladesh({ latitude: lat, longitude: lng })) {
        setRefused(true);
        return false;
      }
      setRefused(false);
      onChange(formatCoordinate(lat), formatCoordinate(lng));
      return true;
    },
    [onChange],
  );
  const onFix = useCallback(
    (fix: Fix) => {
      const taken = place(fix.latitude, fix.longitude);
      setAccuracy(taken ? fix : null);
      onFixTaken?.(taken ? fix : null);
    },
    [place, onFixTaken],
  );
  const gps = useGps(onFix);
  const onPick = useCallback(
    (lat: number, lng: number) => {
      // A hand-placed pin is no longer the GPS fix: its circle and accuracy message go.
      setAccuracy(null);
      gps.clear();
      onFixTaken?.(null);
      return place(lat, lng);
    },
    [place, gps, onFixTaken],
  );

  const reading = readPosition(latitude, longitude);
  const position = reading.kind === 'inside' ? { latitude: reading.latitude, longitude: reading.longitude } : null;
  const outside = refused || reading.kind === 'outside';
  // Not review/format's localDigits: that module brings the English catalogue into the citizen's form.
  const digits = (n: number | string) => (locale === 'bn' ? toBanglaDigits(n) : String(n));
  // The fix's circle and message stay only while the boxes still hold that fix (not a typed change).
  const fix =
    gps.state.kind === 'fix' &&
    accuracy &&
    position &&
    formatCoordinate(position.latitude) === formatCoordinate(accuracy.latitude) &&
    formatCoordinate(position.longitude) === formatCoordinate(accuracy.longitude)
      ? accuracy
      : null;

  return (
    <div className="mb-3">
      <p className="mb-2 text-sm text-gray-700">{t('map.picker.hint')}</p>
      <button
        type="button"
        onClick={gps.locate}
        disabled={disabled || gps.state.kind === 'working'}
        className="mb-2 min-h-11 w-full rounded border border-brand-700 bg-brand-50 px-4 font-semibold text-brand-800 disabled:opacity-60"
      >
        {gps.state.kind === 'working' ? t('map.picker.locating') : t('map.picker.useMyLocation')}
      </button>
      <div aria-live="polite" className="mb-2 space-y-1 text-sm">
        {fix &&
          (fix.accuracy > GPS_WARN_METRES ? (
            <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-2 font-semibold text-amber-900">
              {t('map.picker.poorAccuracy', { metres: digits(fix.accuracy) })}
            </p>
          ) : (
            <p className="text-brand-800">{t('map.picker.accuracy', { metres: digits(fix.accuracy) })}</p>
          ))}
        {gps.state.kind === 'error' && <p className="font-semibold text-red-700">{t(gps.state.key)}</p>}
        {outside && (
          <p role="alert" className="rounded border border-red-300 bg-red-50 p-2 font-semibold text-red-800">
            {t('map.picker.outside')}
          </p>
        )}
      </div>
      <WhenVisible placeholder={<MapPlaceholder text={t('map.loading')} />} margin="200px">
        <ChunkBoundary fallback={<MapPlaceholder text={t('map.unavailable')} failed />}>
          <Suspense fallback={<MapPlaceholder text={t('map.loading')} />}>
            <div className={MAP_BOX}>
              <PickerMap
                position={position}
                around={around}
                accuracy={fix ? { latitude: fix.latitude, longitude: fix.longitude, metres: fix.accuracy } : null}
                radiusM={radiusM}
                wells={wells}
                marks={marks}
                disabled={disabled}
                label={t('map.picker.label')}
                pinLabel={t('map.picker.pin')}
                onPick={onPick}
              />
            </div>
          </Suspense>
        </ChunkBoundary>
      </WhenVisible>
      <p className="mt-1 text-sm text-gray-700">
        {position
          ? t('map.picker.current', {
              lat: digits(coordText(position.latitude)),
              lng: digits(coordText(position.longitude)),
            })
          : t('map.picker.none')}
      </p>
    </div>
  );
}

/** Six decimals at most, without trailing zeros a person did not type. */
function coordText(n: number): string {
  return String(Number(n.toFixed(6)));
}

import { useState } from 'react';
import { latitudeSchema, longitudeSchema, geoInput } from '@portal/shared/schemas/fields';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from './format';
import { mapsUrl } from './MapLink';
import { FieldError, inputClass } from './ui';

export interface LocationValue {
  latitude: string;
  longitude: string;
}

export interface LocationErrors {
  latitude?: MessageKey;
  longitude?: MessageKey;
}

const latitudeInput = geoInput(latitudeSchema);
const longitudeInput = geoInput(longitudeSchema);

/** Typed or GPS coordinates (Bangla digits accepted); both or neither. Empty result = no change of location. */
export function parseLocation(
  v: LocationValue,
): { ok: true; latitude?: number; longitude?: number } | { ok: false; errors: LocationErrors } {
  const lat = latitudeInput.safeParse(v.latitude);
  const lng = longitudeInput.safeParse(v.longitude);
  const errors: LocationErrors = {};
  if (!lat.success) errors.latitude = (lat.error.issues[0]?.message ?? 'v.latitude') as MessageKey;
  if (!lng.success) errors.longitude = (lng.error.issues[0]?.message ?? 'v.longitude') as MessageKey;
  if (lat.success && lng.success && (lat.data === undefined) !== (lng.data === undefined)) {
    errors[lat.data === undefined ? 'latitude' : 'longitude'] = 'decisions.map.bothOrNone';
  }
  if (errors.latitude || errors.longitude) return { ok: false, errors };
  return { ok: true, latitude: lat.data as number | undefined, longitude: lng.data as number | undefined };
}

export function initialLocation(fields: Record<string, unknown>): LocationValue {
  const text = (v: unknown) => (typeof v === 'number' || typeof v === 'string' ? String(v) : '');
  return { latitude: text(fields.latitude), longitude: text(fields.longitude) };
}

/**
 * The well's location (spec 3 §2 map location): prefilled from the application, editable, and a
 * button that takes the inspector's GPS position on site. The map link works offline as text.
 */
export function LocationFields({
  idPrefix,
  value,
  onChange,
  errors,
  disabled,
}: {
  idPrefix: string;
  value: LocationValue;
  onChange: (v: LocationValue) => void;
  errors: LocationErrors;
  disabled?: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  const [gps, setGps] = useState<{ state: 'idle' | 'busy' | 'fail' } | { state: 'done'; metres: number }>({
    state: 'idle',
  });

  const takeGps = () => {
    if (!('geolocation' in navigator)) {
      setGps({ state: 'fail' });
      return;
    }
    setGps({ state: 'busy' });
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        onChange({ latitude: pos.coords.latitude.toFixed(6), longitude: pos.coords.longitude.toFixed(6) });
        setGps({ state: 'done', metres: Math.round(pos.coords.accuracy) });
      },
      () => setGps({ state: 'fail' }),
      { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 },
    );
  };

  const parsed = parseLocation(value);
  const link =
    parsed.ok && parsed.latitude !== undefined && parsed.longitude !== undefined
      ? mapsUrl(parsed.latitude, parsed.longitude)
      : null;

  return (
    <fieldset className="mt-3">
      <legend className="font-bold">{t('decisions.map.title')}</legend>
      <p className="text-sm text-gray-600">{t('decisions.map.hint')}</p>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {(['latitude', 'longitude'] as const).map((k) => (
          <div key={k}>
            <label htmlFor={`${idPrefix}-${k}`}>{t(`decisions.map.${k}`)}</label>
            <input
              id={`${idPrefix}-${k}`}
              inputMode="decimal"
              autoComplete="off"
              value={value[k]}
              onChange={(e) => onChange({ ...value, [k]: e.target.value })}
              aria-invalid={!!errors[k] || undefined}
              aria-describedby={errors[k] ? `${idPrefix}-${k}-error` : undefined}
              disabled={disabled}
              className={inputClass}
            />
            <FieldError id={`${idPrefix}-${k}-error`} message={errors[k] ? t(errors[k]) : null} />
          </div>
        ))}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={takeGps}
          disabled={disabled || gps.state === 'busy'}
          className="min-h-11 rounded border border-brand-700 bg-white px-3 text-brand-800 hover:bg-brand-50 disabled:opacity-50"
        >
          {gps.state === 'busy' ? t('decisions.map.gpsBusy') : t('decisions.map.useGps')}
        </button>
        {link && (
          <a href={link} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
            {t('decisions.geo.openMap')}
          </a>
        )}
      </div>
      {gps.state === 'done' && (
        <p role="status" className="mt-1 text-sm text-brand-800">
          {t('decisions.map.gpsDone', { metres: localDigits(gps.metres, locale) })}
        </p>
      )}
      {gps.state === 'fail' && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('decisions.map.gpsFail')}
        </p>
      )}
    </fieldset>
  );
}

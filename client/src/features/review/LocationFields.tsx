import { useCallback } from 'react';
import { latitudeSchema, longitudeSchema, geoInput } from '@portal/shared/schemas/fields';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useT } from '../../i18n/locale';
import { LocationPicker } from '../map/LocationPicker';
import { useSiting } from '../map/siting';
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
 * The well's location (spec 3 §2 map location): prefilled from the application, editable as text,
 * and the picker's map (tap, drag, or the inspector's GPS on site; docs/decisions/029-map-picker-and-live-map.md)
 * with the licensed wells nearby when the screen has asked the siting check. The map link works
 * offline as text.
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
  const siting = useSiting();
  const check = siting?.kind === 'ok' ? siting.check : null;
  const onPicked = useCallback((latitude: string, longitude: string) => onChange({ latitude, longitude }), [onChange]);

  const parsed = parseLocation(value);
  const link =
    parsed.ok && parsed.latitude !== undefined && parsed.longitude !== undefined
      ? mapsUrl(parsed.latitude, parsed.longitude)
      : null;

  return (
    <fieldset className="mt-3">
      <legend className="font-bold">{t('decisions.map.title')}</legend>
      <p className="mb-2 text-sm text-gray-600">{t('decisions.map.hint')}</p>
      <LocationPicker
        latitude={value.latitude}
        longitude={value.longitude}
        onChange={onPicked}
        disabled={disabled}
        wells={check?.nearest}
        radiusM={check?.radiusM}
      />
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
      {link && (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex min-h-11 items-center text-brand-700 underline"
        >
          {t('decisions.geo.openMap')}
        </a>
      )}
    </fieldset>
  );
}

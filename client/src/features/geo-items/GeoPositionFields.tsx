import { useCallback } from 'react';
import { useT } from '../../i18n/locale';
import { LocationPicker } from '../map/LocationPicker';
import { ui } from '../staff/ui';
import type { PositionErrors, PositionText } from './position';

/**
 * A GEO item's place on the Admin's screens (docs/decisions/034-geo-database-map.md): the portal's
 * one location picker (tap, drag, "use my location"; decision 029) above the two boxes, which stay
 * the one truth and take Latin or Bangla digits.
 */
export function GeoPositionFields({
  idPrefix,
  value,
  onChange,
  errors,
  disabled,
}: {
  idPrefix: string;
  value: PositionText;
  /** Must be stable (a state setter): the picker keeps it in its callbacks. */
  onChange: (v: PositionText) => void;
  errors: PositionErrors;
  disabled?: boolean;
}) {
  const t = useT();
  const onPicked = useCallback((latitude: string, longitude: string) => onChange({ latitude, longitude }), [onChange]);
  return (
    <fieldset>
      <legend className={ui.label}>{t('geoItems.position.legend')}</legend>
      <p className="mb-2 text-sm text-gray-600">{t('geoItems.position.hint')}</p>
      <LocationPicker latitude={value.latitude} longitude={value.longitude} onChange={onPicked} disabled={disabled} />
      <div className="grid gap-3 sm:grid-cols-2">
        {(['latitude', 'longitude'] as const).map((k) => {
          const error = errors[k];
          return (
            <div key={k}>
              <label htmlFor={`${idPrefix}-${k}`} className={ui.label}>
                {t(`geoItems.${k}`)}
              </label>
              <input
                id={`${idPrefix}-${k}`}
                inputMode="decimal"
                autoComplete="off"
                value={value[k]}
                onChange={(e) => onChange({ ...value, [k]: e.target.value })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${idPrefix}-${k}-error` : undefined}
                disabled={disabled}
                className={ui.input}
              />
              {error && (
                <p id={`${idPrefix}-${k}-error`} className={ui.fieldError}>
                  {t(error)}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

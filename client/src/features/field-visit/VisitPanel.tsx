import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { VISIT_PHOTO_LIMIT } from '@portal/shared/schemas/visits';
import { useLocale, useT } from '../../i18n/locale';
import { LocationPicker } from '../map/LocationPicker';
import type { PickerMark } from '../map/pickerTypes';
import { useSiting } from '../map/siting';
import { formatCoordinate } from '../map/coords';
import type { Fix } from '../map/useGps';
import { localDateTime, localDigits } from '../review/format';
import { buttonSecondary, inputClass, Section } from '../review/ui';
import { HAND_PIN_ACCURACY_M, type VisitDraft } from './useVisitDraft';

/** A thumbnail from a blob on the phone; its object URL is freed when it leaves the screen. */
function Thumb({ blob, alt }: { blob: Blob; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img src={url} alt={alt} className="h-24 w-full rounded object-cover" />;
}

const coord = (n: number) => String(Number(n.toFixed(5)));

/**
 * The site visit on BADC's inspect screen (docs/decisions/032-visit-on-the-phone.md): photos from
 * the phone's camera (resized before they are kept), the well's position with its accuracy, and
 * notes. The checklist is the inspect form's own: submitting it queues this visit first, then the
 * decision. Everything stays on the phone until then, also across a reload.
 *
 * Its map is the inspect screen's only one: the position placed here is the one the checklist
 * sends, and the applicant's own position and the licensed wells nearby (the siting check) are
 * drawn on it for comparison.
 */
export function VisitPanel({
  draft,
  applicantAt,
  disabled,
  onSaveOnly,
}: {
  draft: VisitDraft;
  /** Where the application's form puts the well, drawn as a mark beside the pin. */
  applicantAt: { latitude: number; longitude: number } | null;
  disabled?: boolean;
  /** Queue the visit alone, with no decision. */
  onSaveOnly: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const digits = (v: string | number) => localDigits(v, locale);
  const input = useRef<HTMLInputElement>(null);
  const full = draft.photos.length >= VISIT_PHOTO_LIMIT;

  // The picker reports the pin (onChange) and whether a GPS fix is under it (onFix); together they are the position.
  const [fix, setFix] = useState<Fix | null>(null);
  const { position, setPosition } = draft;
  const onChange = useCallback(
    (lat: string, lng: string) => {
      const latitude = Number(lat);
      const longitude = Number(lng);
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
      const gps = fix !== null && formatCoordinate(fix.latitude) === lat && formatCoordinate(fix.longitude) === lng;
      setPosition({ latitude, longitude, accuracyM: gps ? fix.accuracy : HAND_PIN_ACCURACY_M, gps });
    },
    [fix, setPosition],
  );
  const onFix = useCallback(
    (f: Fix | null) => {
      setFix(f);
      // The fix arrives after its onChange: record its accuracy on the position it placed.
      if (f) setPosition({ latitude: f.latitude, longitude: f.longitude, accuracyM: f.accuracy, gps: true });
    },
    [setPosition],
  );

  const siting = useSiting();
  const check = siting?.kind === 'ok' ? siting.check : null;
  const marks: PickerMark[] = draft.photos.flatMap((p, i) =>
    p.latitude !== undefined && p.longitude !== undefined
      ? [{ latitude: p.latitude, longitude: p.longitude, label: t('fieldVisit.photoAlt', { n: digits(i + 1) }) }]
      : [],
  );
  if (applicantAt) marks.push({ ...applicantAt, label: t('fieldVisit.applicantMark'), tone: 'applicant' });

  return (
    <Section title={t('fieldVisit.title')} id="visit-title">
      <p className="mb-3 text-sm text-gray-700">{t('fieldVisit.intro')}</p>

      <h3 className="font-bold">{t('fieldVisit.photos', { max: digits(VISIT_PHOTO_LIMIT) })}</h3>
      <input
        ref={input}
        id="visit-photos"
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        className="sr-only"
        disabled={disabled || full}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          void draft.addPhotos(files);
        }}
      />
      <label
        htmlFor="visit-photos"
        aria-disabled={disabled || full || undefined}
        className={`${buttonSecondary} mt-2 w-full cursor-pointer font-semibold aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
      >
        📷 {t('fieldVisit.takePhoto')}
      </label>
      <div aria-live="polite" className="mt-1 text-sm">
        {draft.preparing > 0 && <p className="text-gray-700">{t('fieldVisit.preparing')}</p>}
        {full && <p className="text-gray-700">{t('fieldVisit.photoFull', { max: digits(VISIT_PHOTO_LIMIT) })}</p>}
        {draft.photoError && (
          <p role="alert" className="font-semibold text-red-700">
            {t('fieldVisit.photoUnreadable')}
          </p>
        )}
      </div>
      {draft.photos.length > 0 && (
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {draft.photos.map((p, i) => (
            <li key={p.slot} className="rounded border border-gray-200 p-1 text-xs text-gray-700">
              <Thumb blob={p.blob} alt={t('fieldVisit.photoAlt', { n: digits(i + 1) })} />
              <p className="mt-1">{localDateTime(p.takenAt, locale)}</p>
              <p>
                {p.latitude !== undefined && p.longitude !== undefined
                  ? t('fieldVisit.photoAt', { lat: digits(coord(p.latitude)), lng: digits(coord(p.longitude)) })
                  : t('fieldVisit.photoNoPlace')}
              </p>
              <button
                type="button"
                disabled={disabled}
                onClick={() => void draft.removePhoto(p.slot)}
                className="mt-1 min-h-11 w-full rounded border border-red-300 text-red-800 disabled:opacity-50"
              >
                {t('fieldVisit.photoRemove', { n: digits(i + 1) })}
              </button>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-4 font-bold">{t('fieldVisit.position')}</h3>
      <p className="mb-2 text-sm text-gray-700">{t('fieldVisit.positionHint')}</p>
      <LocationPicker
        latitude={position ? formatCoordinate(position.latitude) : ''}
        longitude={position ? formatCoordinate(position.longitude) : ''}
        onChange={onChange}
        onFix={onFix}
        marks={marks}
        around={applicantAt}
        wells={check?.nearest}
        radiusM={check?.radiusM}
        disabled={disabled}
      />
      {position && !position.gps && (
        <p className="-mt-2 mb-3 text-sm text-amber-900">
          {t('fieldVisit.handPlaced', { metres: digits(HAND_PIN_ACCURACY_M) })}
        </p>
      )}

      <label htmlFor="visit-notes" className="font-bold">
        {t('fieldVisit.notes')}
      </label>
      <textarea
        id="visit-notes"
        rows={2}
        maxLength={2000}
        value={draft.notes}
        onChange={(e) => draft.setNotes(e.target.value)}
        disabled={disabled}
        className={inputClass}
      />

      <p className="mt-3 rounded bg-brand-50 p-2 text-sm text-brand-900">
        {draft.isEmpty ? t('fieldVisit.empty') : t('fieldVisit.ready', { photos: digits(draft.photos.length) })}
      </p>
      {!draft.isEmpty && (
        <button type="button" disabled={disabled} onClick={onSaveOnly} className={`${buttonSecondary} mt-2 w-full`}>
          {t('fieldVisit.saveOnly')}
        </button>
      )}
    </Section>
  );
}

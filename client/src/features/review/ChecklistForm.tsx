import { useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useT } from '../../i18n/locale';
import { CheckItems } from './CheckItems';
import { askedItems, CHECKLIST_SIZE, focusFirstError, toChecklist } from './checklist';
import { LocationFields, parseLocation, type LocationErrors, type LocationValue } from './LocationFields';
import type { PayloadOf } from './officerAction';
import { buttonPrimary, FormError, inputClass } from './ui';
import { useCheckAnswers } from './useCheckAnswers';

/**
 * The BADC third-level checklist (spec 3 §5): each asked item is a required yes/no; "no" reveals a
 * required reason box; the electricity bill (item 7) is asked only on the existing-pump form.
 * Then final remarks and the map location. What was typed stays when the server refuses.
 */
export function ChecklistForm({
  kind,
  initialLocation,
  busy,
  disabled,
  error,
  onSubmit,
}: {
  kind: string;
  initialLocation: LocationValue;
  busy: boolean;
  disabled?: boolean;
  error?: string | null;
  onSubmit: (payload: PayloadOf<'inspect'>) => void;
}) {
  const t = useT();
  const asked = askedItems(kind);
  const { answers, errors, tried, update, validate } = useCheckAnswers(CHECKLIST_SIZE, asked, 'required');
  const [remarks, setRemarks] = useState('');
  const [location, setLocation] = useState<LocationValue>(initialLocation);
  const [locationErrors, setLocationErrors] = useState<LocationErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    const loc = parseLocation(location);
    setLocationErrors(loc.ok ? {} : loc.errors);
    if (found.size > 0 || !loc.ok) {
      if (!focusFirstError('check', found))
        document.getElementById(`inspect-${!loc.ok && !loc.errors.latitude ? 'longitude' : 'latitude'}`)?.focus();
      return;
    }
    onSubmit({
      checklist: toChecklist(answers, kind),
      finalRemarks: remarks.trim() || undefined,
      latitude: loc.latitude,
      longitude: loc.longitude,
    });
  };

  const off = busy || disabled;
  return (
    <form noValidate onSubmit={submit} aria-label={t('decisions.checklist.title')}>
      <CheckItems
        idPrefix="check"
        items={Array.from({ length: asked }, (_, i) => ({ label: t(`review.checklist.${i + 1}` as MessageKey) }))}
        answers={answers}
        onChange={update}
        errors={errors}
        reasonLabel={t('decisions.checklist.reason')}
        reasonRequired
        disabled={off}
      />

      <div className="mt-4">
        <label htmlFor="inspect-remarks" className="font-bold">
          {t('decisions.checklist.finalRemarks')}
        </label>
        <textarea
          id="inspect-remarks"
          rows={3}
          maxLength={2000}
          value={remarks}
          onChange={(e) => setRemarks(e.target.value)}
          disabled={off}
          className={inputClass}
        />
      </div>

      <LocationFields
        idPrefix="inspect"
        value={location}
        onChange={setLocation}
        errors={locationErrors}
        disabled={off}
      />

      {tried && (errors.size > 0 || locationErrors.latitude || locationErrors.longitude) && (
        <p role="alert" className="mt-3 text-red-700">
          {t('decisions.fixErrors')}
        </p>
      )}
      <FormError message={error} />
      <button type="submit" disabled={off} className={`${buttonPrimary} mt-4 w-full sm:w-auto`}>
        {busy ? t('decisions.sending') : t('decisions.checklist.submit')}
      </button>
    </form>
  );
}

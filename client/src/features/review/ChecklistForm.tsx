import { useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from './format';
import {
  asksElectricityBill,
  checklistErrors,
  CHECKLIST_SIZE,
  emptyAnswers,
  toChecklist,
  type ChecklistAnswer,
} from './checklist';
import { LocationFields, parseLocation, type LocationErrors, type LocationValue } from './LocationFields';
import type { PayloadOf } from './officerAction';
import { buttonPrimary, FieldError, FormError, inputClass, YesNo } from './ui';

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
  const { locale } = useLocale();
  const [answers, setAnswers] = useState<ChecklistAnswer[]>(emptyAnswers);
  const [remarks, setRemarks] = useState('');
  const [location, setLocation] = useState<LocationValue>(initialLocation);
  const [errors, setErrors] = useState<Map<number, MessageKey>>(new Map());
  const [locationErrors, setLocationErrors] = useState<LocationErrors>({});
  const [tried, setTried] = useState(false);
  const asked = asksElectricityBill(kind) ? CHECKLIST_SIZE : CHECKLIST_SIZE - 1;

  const update = (i: number, patch: Partial<ChecklistAnswer>) => {
    const next = answers.map((a, j) => (j === i ? { ...a, ...patch } : a));
    setAnswers(next);
    if (tried) setErrors(checklistErrors(next, kind));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    const found = checklistErrors(answers, kind);
    const loc = parseLocation(location);
    setErrors(found);
    setLocationErrors(loc.ok ? {} : loc.errors);
    if (found.size > 0 || !loc.ok) {
      const [index, key] = [...found.entries()][0] ?? [];
      const target =
        index === undefined
          ? document.getElementById(
              loc.ok ? 'inspect-latitude' : `inspect-${loc.errors.latitude ? 'latitude' : 'longitude'}`,
            )
          : key === 'decisions.checklist.reasonRequired'
            ? document.getElementById(`check-${index}-reason`)
            : document.querySelector<HTMLInputElement>(`input[name="check-${index}"]`);
      target?.focus();
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
      <ol className="space-y-3">
        {answers.slice(0, asked).map((a, i) => {
          const err = errors.get(i);
          const errId = `check-${i}-error`;
          return (
            <li key={i} className="rounded border border-gray-200 p-3" data-testid={`check-item-${i + 1}`}>
              <fieldset>
                <legend id={`check-${i}-legend`} className="mb-2 font-bold">
                  {localDigits(i + 1, locale)}. {t(`review.checklist.${i + 1}` as MessageKey)}
                </legend>
                <YesNo
                  name={`check-${i}`}
                  value={a.ok}
                  onChange={(ok) => update(i, { ok })}
                  yesLabel={t('common.yes')}
                  noLabel={t('common.no')}
                  invalid={err === 'decisions.checklist.unanswered'}
                  describedBy={err ? errId : undefined}
                  disabled={off}
                />
                {a.ok === false && (
                  <div className="mt-2">
                    <label htmlFor={`check-${i}-reason`}>{t('decisions.checklist.reason')}</label>
                    <textarea
                      id={`check-${i}-reason`}
                      rows={2}
                      maxLength={1000}
                      value={a.reason}
                      onChange={(e) => update(i, { reason: e.target.value })}
                      aria-invalid={err === 'decisions.checklist.reasonRequired' || undefined}
                      aria-describedby={err ? errId : undefined}
                      aria-required
                      disabled={off}
                      className={inputClass}
                    />
                  </div>
                )}
                <FieldError id={errId} message={err ? t(err) : null} />
              </fieldset>
            </li>
          );
        })}
      </ol>

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

import { useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useLocale, useT } from '../../i18n/locale';
import { formatCoordinate } from '../map/coords';
import { CheckItems } from './CheckItems';
import { askedItems, CHECKLIST_SIZE, focusFirstError, toChecklist } from './checklist';
import { localDigits } from './format';
import type { DecisionFormProps } from './officerAction';
import { buttonPrimary, FormError, inputClass } from './ui';
import { useCheckAnswers } from './useCheckAnswers';

/**
 * The BADC third-level checklist (spec 3 §5): each asked item is a required yes/no; "no" reveals a
 * required reason box; the electricity bill (item 7) is asked only on the existing-pump form.
 * Then final remarks. The map location is the site visit's (one map on the screen, placed on the
 * visit above): `position` is sent with the checklist when there is one; without it the well keeps
 * the position it has. What was typed stays when the server refuses.
 */
export function ChecklistForm({
  kind,
  position,
  busy,
  disabled,
  error,
  onSubmit,
}: DecisionFormProps<'inspect'> & { kind: string; position: { latitude: number; longitude: number } | null }) {
  const t = useT();
  const { locale } = useLocale();
  const asked = askedItems(kind);
  const { answers, errors, tried, update, validate } = useCheckAnswers(CHECKLIST_SIZE, asked, 'required');
  const [remarks, setRemarks] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    if (found.size > 0) {
      focusFirstError('check', found);
      return;
    }
    onSubmit({
      checklist: toChecklist(answers, kind),
      finalRemarks: remarks.trim() || undefined,
      ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
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

      <p data-testid="checklist-position" className="mt-3 rounded bg-gray-50 p-2 text-sm text-gray-800">
        {position
          ? t('decisions.checklist.positionFromVisit', {
              lat: localDigits(formatCoordinate(position.latitude), locale),
              lng: localDigits(formatCoordinate(position.longitude), locale),
            })
          : t('decisions.checklist.positionKept')}
      </p>

      {tried && errors.size > 0 && (
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

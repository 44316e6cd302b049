import { useState, type FormEvent } from 'react';
import type { PanelProps } from './DetailPage';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import { useT } from '../../i18n/locale';
import {
  initialLocation,
  LocationFields,
  parseLocation,
  type LocationErrors,
  type LocationValue,
} from './LocationFields';
import { useDecision } from './useDecision';
import { buttonPrimary, FormError, inputClass, Section } from './ui';

/**
 * Map, remarks and approvability update at the final stage (spec 3 §4): the officer may move the
 * location, add remarks and flip Approvable / NotApprovable in either direction.
 */
export function FinalUpdateForm({ detail, onDetail, locked }: PanelProps) {
  const t = useT();
  const { run, busy, error } = useDecision(detail, onDetail);
  const [approvable, setApprovable] = useState<'yes' | 'no'>(detail.stage === 'NotApprovable' ? 'no' : 'yes');
  const [remarks, setRemarks] = useState('');
  const [location, setLocation] = useState<LocationValue>(() => initialLocation(detail.fields));
  const [locationErrors, setLocationErrors] = useState<LocationErrors>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const loc = parseLocation(location);
    setLocationErrors(loc.ok ? {} : loc.errors);
    if (!loc.ok) {
      document.getElementById(`final-${loc.errors.latitude ? 'latitude' : 'longitude'}`)?.focus();
      return;
    }
    const result = await run(
      'updateFinal',
      {
        approvable: approvable === 'yes',
        remarks: remarks.trim() || undefined,
        latitude: loc.latitude,
        longitude: loc.longitude,
      },
      { success: 'decisions.final.success', fail: 'decisions.final.fail' },
    );
    if (result?.outcome.kind === 'done') setRemarks('');
  };

  const off = busy || locked;
  return (
    <Section title={t('decisions.final.title')} id="final-title">
      {detail.finalRemarks && (
        <div className="mb-3 rounded bg-gray-50 p-2">
          <div className="text-sm text-gray-600">{t('decisions.final.currentRemarks')}</div>
          <p className="whitespace-pre-wrap">{detail.finalRemarks}</p>
        </div>
      )}
      <form noValidate onSubmit={submit}>
        <label htmlFor="final-approvable">{t('decisions.final.approvable')}</label>
        <select
          id="final-approvable"
          value={approvable}
          onChange={(e) => setApprovable(e.target.value as 'yes' | 'no')}
          disabled={off}
          className={inputClass}
        >
          <option value="yes">{t(stageLabelKey('Approvable'))}</option>
          <option value="no">{t(stageLabelKey('NotApprovable'))}</option>
        </select>
        <div className="mt-3">
          <label htmlFor="final-remarks">{t('decisions.final.remarks')}</label>
          <textarea
            id="final-remarks"
            rows={3}
            maxLength={2000}
            value={remarks}
            onChange={(e) => setRemarks(e.target.value)}
            disabled={off}
            className={inputClass}
          />
        </div>
        <LocationFields
          idPrefix="final"
          value={location}
          onChange={setLocation}
          errors={locationErrors}
          disabled={off}
        />
        <FormError message={error} />
        <button type="submit" disabled={off} className={`${buttonPrimary} mt-3`}>
          {busy ? t('decisions.sending') : t('decisions.final.submit')}
        </button>
      </form>
    </Section>
  );
}

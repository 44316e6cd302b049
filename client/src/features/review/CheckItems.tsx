import type { ReactNode } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useLocale, useT } from '../../i18n/locale';
import type { CheckAnswer } from './checklist';
import { localDigits } from './format';
import { FieldError, inputClass, YesNo } from './ui';

export interface CheckItem {
  label: ReactNode;
  /** Shown under the question: the attached file the officer is judging. */
  extra?: ReactNode;
}

/**
 * Numbered yes/no items, each a required radio pair with a text box on "no" — the BADC checklist,
 * the renewal's six document checks and the change review's seven marks share it (spec 3 §2, §5).
 * Ids follow `idPrefix`: radios `name="<prefix>-<i>"`, text box `<prefix>-<i>-reason`.
 */
export function CheckItems({
  idPrefix,
  items,
  answers,
  onChange,
  errors,
  reasonLabel,
  reasonRequired,
  yesLabel,
  noLabel,
  disabled,
}: {
  idPrefix: string;
  items: CheckItem[];
  answers: CheckAnswer[];
  onChange: (index: number, patch: Partial<CheckAnswer>) => void;
  errors: Map<number, MessageKey>;
  reasonLabel: string;
  reasonRequired: boolean;
  yesLabel?: string;
  noLabel?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <ol className="space-y-3">
      {items.map((item, i) => {
        const a = answers[i]!;
        const err = errors.get(i);
        const errId = `${idPrefix}-${i}-error`;
        return (
          <li key={i} className="rounded border border-gray-200 p-3" data-testid={`${idPrefix}-item-${i + 1}`}>
            <fieldset>
              <legend id={`${idPrefix}-${i}-legend`} className="mb-2 font-bold">
                {localDigits(i + 1, locale)}. {item.label}
              </legend>
              {item.extra && <div className="mb-2">{item.extra}</div>}
              <YesNo
                name={`${idPrefix}-${i}`}
                value={a.ok}
                onChange={(ok) => onChange(i, { ok })}
                yesLabel={yesLabel ?? t('common.yes')}
                noLabel={noLabel ?? t('common.no')}
                invalid={err === 'decisions.checklist.unanswered'}
                describedBy={err ? errId : undefined}
                disabled={disabled}
              />
              {a.ok === false && (
                <div className="mt-2">
                  <label htmlFor={`${idPrefix}-${i}-reason`}>{reasonLabel}</label>
                  <textarea
                    id={`${idPrefix}-${i}-reason`}
                    rows={2}
                    maxLength={1000}
                    value={a.reason}
                    onChange={(e) => onChange(i, { reason: e.target.value })}
                    aria-invalid={err === 'decisions.checklist.reasonRequired' || undefined}
                    aria-describedby={err ? errId : undefined}
                    aria-required={reasonRequired || undefined}
                    disabled={disabled}
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
  );
}

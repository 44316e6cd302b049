import { useT } from '../../i18n/locale';
import { FieldError, inputClass, YesNo } from './ui';

/**
 * An officer's required yes/no decision with the reason box that "no" opens (spec 3 §5: the
 * first-stage approvable choice, the renewal's approve/decline, the change's approvable choice).
 * `missing`: the choice was not made when the officer tried to send.
 */
export function DecisionChoice({
  name,
  legend,
  value,
  onChange,
  yesLabel,
  noLabel,
  missing,
  disabled,
  reason,
}: {
  name: string;
  legend: string;
  value: boolean | null;
  onChange: (v: boolean) => void;
  yesLabel: string;
  noLabel: string;
  missing: boolean;
  disabled?: boolean;
  reason: {
    id: string;
    label: string;
    value: string;
    onChange: (v: string) => void;
    /** The reason must be given (renewal decline); `missing` when it was left empty on a send. */
    required?: boolean;
    missing?: boolean;
  };
}) {
  const t = useT();
  const errorId = `${name}-error`;
  const reasonErrorId = `${reason.id}-error`;
  return (
    <>
      <fieldset>
        <legend className="mb-2 font-bold">{legend}</legend>
        <YesNo
          name={name}
          value={value}
          onChange={onChange}
          yesLabel={yesLabel}
          noLabel={noLabel}
          invalid={missing}
          describedBy={missing ? errorId : undefined}
          disabled={disabled}
        />
        <FieldError id={errorId} message={missing ? t('v.choose') : null} />
      </fieldset>
      {value === false && (
        <div className="mt-3">
          <label htmlFor={reason.id}>{reason.label}</label>
          <textarea
            id={reason.id}
            rows={3}
            maxLength={2000}
            value={reason.value}
            onChange={(e) => reason.onChange(e.target.value)}
            aria-required={reason.required || undefined}
            aria-invalid={reason.missing || undefined}
            aria-describedby={reason.missing ? reasonErrorId : undefined}
            disabled={disabled}
            className={inputClass}
          />
          {reason.required && <FieldError id={reasonErrorId} message={reason.missing ? t('v.required') : null} />}
        </div>
      )}
    </>
  );
}

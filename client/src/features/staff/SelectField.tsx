import { ui } from './ui';

/** A labelled native select with its Bangla field message wired for screen readers, as TextField does. */
export function SelectField({
  id,
  label,
  value,
  onChange,
  choose,
  options,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  /** The first, empty choice's words; none when every option is a real choice. */
  choose?: string;
  options: readonly { value: string | number; label: string }[];
  error?: string;
  disabled?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <select
        id={id}
        className={ui.input}
        value={value}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {choose !== undefined && <option value="">{choose}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

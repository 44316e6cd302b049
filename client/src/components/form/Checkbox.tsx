import type { ReactNode } from 'react';

/** A large tick box with its label beside it, and its error under both. */
export function Checkbox({
  name,
  checked,
  onChecked,
  children,
  error,
  required,
}: {
  name: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  children: ReactNode;
  error?: string;
  required?: boolean;
}) {
  const id = `f-${name}`;
  return (
    <div className="mb-4">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-6 shrink-0 accent-brand-700"
        />
        <label htmlFor={id} className="text-gray-900">
          {children}
          {required && <span className="ms-1 text-red-700">*</span>}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

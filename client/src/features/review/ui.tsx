import type { ReactNode } from 'react';

/** Small building blocks shared by the review forms, so every screen looks and behaves alike. */

export const buttonPrimary =
  'inline-flex min-h-11 items-center justify-center rounded bg-brand-700 px-4 py-2 font-bold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50';
export const buttonDanger =
  'inline-flex min-h-11 items-center justify-center rounded bg-red-700 px-4 py-2 font-bold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-50';
export const buttonSecondary =
  'inline-flex min-h-11 items-center justify-center rounded border border-gray-400 bg-white px-4 py-2 text-gray-900 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50';
/**
 * A text link (a document, the way back, the map): its box is at least 44 px high on a phone and
 * 32 px on a wide screen, above the 24 px of WCAG 2.5.8, so a thumb does not open the next row.
 */
export const textTarget = 'inline-flex min-h-11 items-center lg:min-h-8';
export const textLink = `${textTarget} text-brand-700 underline`;
export const inputClass =
  'mt-1 block w-full rounded border border-gray-400 bg-white px-3 py-2 text-base aria-[invalid=true]:border-red-600';

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section aria-labelledby={id} className="mt-4 rounded border border-gray-200 bg-white p-3 shadow-sm sm:p-4">
      <h2 id={id} className="mb-3 text-lg font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** A failure that stays on screen next to the button (a toast alone disappears). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-3 rounded border border-red-300 bg-red-50 p-2 text-red-800">
      {message}
    </p>
  );
}

/** A required yes/no radio pair (spec 3 §5). */
export function YesNo({
  name,
  value,
  onChange,
  yesLabel,
  noLabel,
  invalid,
  describedBy,
  disabled,
}: {
  name: string;
  value: boolean | null;
  onChange: (v: boolean) => void;
  yesLabel: string;
  noLabel: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const option = (v: boolean, label: string) => (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded border border-gray-300 px-3 py-1 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
      <input
        type="radio"
        name={name}
        checked={value === v}
        onChange={() => onChange(v)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        className="h-5 w-5 accent-brand-700"
      />
      {label}
    </label>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {option(true, yesLabel)}
      {option(false, noLabel)}
    </div>
  );
}

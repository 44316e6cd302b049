/** Tailwind class strings shared by the staff screens, so buttons and fields look the same everywhere. */
export const ui = {
  primary:
    'inline-flex min-h-10 items-center justify-center rounded bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-50',
  secondary:
    'inline-flex min-h-10 items-center justify-center rounded border border-gray-300 bg-white px-4 text-gray-800 hover:bg-gray-100 disabled:opacity-50',
  danger:
    'inline-flex min-h-10 items-center justify-center rounded bg-red-700 px-4 font-semibold text-white hover:bg-red-800 disabled:opacity-50',
  small: 'inline-flex min-h-9 items-center justify-center rounded px-3 text-sm',
  input:
    'block w-full min-h-10 rounded border border-gray-300 bg-white px-3 py-2 text-base focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-[invalid=true]:border-red-600',
  label: 'mb-1 block text-sm font-semibold text-gray-800',
  fieldError: 'mt-1 text-sm text-red-700',
  card: 'rounded-lg border border-gray-200 bg-white p-4 shadow-sm',
  h1: 'text-xl font-bold text-gray-900',
  alertError: 'rounded border border-red-300 bg-red-50 p-3 text-red-900',
  alertOk: 'rounded border border-brand-600/40 bg-brand-50 p-3 text-brand-900',
  alertInfo: 'rounded border border-amber-300 bg-amber-50 p-3 text-amber-900',
} as const;

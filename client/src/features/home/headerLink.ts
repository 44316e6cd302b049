/** The look of a link in the header's account row (Login, Admin, Registration, Logout). */
export const headerLinkClass =
  'flex min-h-11 items-center rounded px-2 text-sm font-semibold underline-offset-4 hover:underline';

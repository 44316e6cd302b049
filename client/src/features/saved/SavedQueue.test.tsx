import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LocaleProvider } from '../../i18n/locale';
import { db } from '../../offline/db';
import { newId } from '../../offline/ids';
import SavedQueue from './SavedQueue';

/**
 * The phone's list of what it keeps (/saved): each item's moment is shown as every date and time
 * of the portal is, day-month-year and a 24-hour Dhaka time in Bangla digits (never "৯:২৩ PM"),
 * and a received renewal's print link names Form-Ga.
 */
afterEach(async () => {
  cleanup();
  await db.outbox.clear();
});

describe('the saved list', () => {
  it('shows when each item was made in Bangla digits, day first, on a 24-hour Dhaka clock', async () => {
    const id = newId();
    await db.outbox.add({
      id,
      kind: 'Renew',
      // 27 November 2026, 21:23 in Dhaka.
      createdAt: Date.parse('2026-11-27T15:23:00Z'),
      status: 'received',
      attempts: 1,
      nextAttemptAt: 0,
      result: { applicationNumber: 9, id: 'r-9' },
      payload: { clientId: id, kind: 'Renew', fields: {}, files: [] },
      label: 'করিম',
      filesTotal: 0,
      filesUploaded: 0,
    } as never);
    render(
      <LocaleProvider>
        <MemoryRouter>
          <SavedQueue />
        </MemoryRouter>
      </LocaleProvider>,
    );
    const made = await screen.findByText(/২৭-১১-২০২৬ ২১:২৩/);
    expect(made.textContent).not.toMatch(/[0-9]|AM|PM/);
    const print = screen.getByRole('link', { name: /প্রিন্ট/ });
    expect(print.textContent).toBe('আবেদনপত্র (ফরম-গ) প্রিন্ট');
    expect(print.getAttribute('href')).toBe('/renew-app-print/r-9');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import { db } from '../../offline/db';
import RenewApplication from '../../routes/public/RenewApplication';
import { KIND_FORMS } from './kindForms';
import { stubFormApi } from './test/publicApi';

// A first visit that lost its connection before the person touched the form and before the
// service worker kept anything: the field checks (zod) cannot be fetched.
vi.mock('./loadChecks', () => ({
  loadChecks: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
}));

beforeEach(async () => {
  localStorage.clear();
  await db.outbox.clear();
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  stubFormApi({ intake: 'offline' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const attach = (slot: string) =>
  fireEvent.change(document.getElementById(`file-${slot}`)!, {
    target: {
      files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], `${slot}.jpg`, { type: 'image/jpeg' })],
    },
  });

describe('a form whose field checks could not be fetched', () => {
  it('still asks for every document, then saves the request on the phone as typed', async () => {
    render(
      <LocaleProvider>
        <MemoryRouter>
          <RenewApplication />
        </MemoryRouter>
      </LocaleProvider>,
    );
    fireEvent.change(document.getElementById('f-licenceNumber')!, { target: { value: '১২৩' } });
    fireEvent.click(screen.getByRole('button', { name: bn['application.toReview'] }));
    // The documents are checked without zod.
    expect(await screen.findAllByText(bn['v.fileMissing'])).toHaveLength(KIND_FORMS.Renew.slots.length);

    for (const slot of KIND_FORMS.Renew.slots) attach(slot);
    await vi.waitFor(() => expect(screen.queryAllByText(bn['v.fileMissing'])).toHaveLength(0), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: bn['application.toReview'] }));
    fireEvent.click(await screen.findByRole('button', { name: bn['application.review.submit'] }));

    // Queued on the phone with what was typed; the server checks it when it is sent.
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(1), { timeout: 10_000 });
    const [item] = await db.outbox.toArray();
    expect(item!.kind).toBe('Renew');
    expect((item!.payload as { fields: Record<string, unknown> }).fields.licenceNumber).toBe('১২৩');
    // The first send finds no connection: the person is told it is kept on the phone (and the form
    // has finished its work before the test ends).
    expect(await screen.findByText(bn['application.done.savedTitle'], undefined, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);
});

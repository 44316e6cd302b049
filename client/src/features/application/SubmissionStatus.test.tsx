import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import { db } from '../../offline/db';
import { newId } from '../../offline/ids';
import { SubmissionStatus } from './SubmissionStatus';

/**
 * The panel a citizen sees once a request is received: its print link names the paper form the
 * print page draws (spec 1 §2 "Print pages": Form-Ga for a renewal, Form-Ka for the well forms).
 */
afterEach(async () => {
  cleanup();
  await db.outbox.clear();
});

async function received(kind: 'New' | 'Renew' | 'Existing'): Promise<string> {
  const id = newId();
  await db.outbox.add({
    id,
    kind,
    createdAt: Date.now(),
    status: 'received',
    attempts: 1,
    nextAttemptAt: 0,
    result: { applicationNumber: 12, id: 'a1b2' },
    payload: { clientId: id, kind, fields: {}, files: [] },
    label: 'রহিম উদ্দিন',
    filesTotal: 0,
    filesUploaded: 0,
  } as never);
  return id;
}

const show = (clientId: string) =>
  render(
    <LocaleProvider>
      <MemoryRouter>
        <SubmissionStatus clientId={clientId} trying={false} onAnother={() => {}} />
      </MemoryRouter>
    </LocaleProvider>,
  );

describe('the received panel’s print link', () => {
  it('names Form-Ga for a renewal and opens the renewal print page', async () => {
    show(await received('Renew'));
    const link = await screen.findByRole('link', { name: /প্রিন্ট করুন/ });
    expect(link.textContent).toBe('আবেদনপত্র (ফরম-গ) প্রিন্ট করুন');
    expect(link.getAttribute('href')).toBe('/renew-app-print/a1b2');
  });

  it('names Form-Ka for a new licence and an existing well', async () => {
    show(await received('New'));
    expect((await screen.findByRole('link', { name: /প্রিন্ট করুন/ })).textContent).toBe(
      `আবেদনপত্র (${bn['application.print.formKa']}) প্রিন্ট করুন`,
    );
    cleanup();
    show(await received('Existing'));
    const link = await screen.findByRole('link', { name: /প্রিন্ট করুন/ });
    expect(link.textContent).toBe('আবেদনপত্র (ফরম-ক) প্রিন্ট করুন');
    expect(link.getAttribute('href')).toBe('/existing-app-print/a1b2');
  });
});

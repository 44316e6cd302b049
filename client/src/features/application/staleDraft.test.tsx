import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { LocaleProvider } from '../../i18n/locale';
import { db } from '../../offline/db';
import { newId } from '../../offline/ids';
import { sampleFields } from '../../offline/test/fixtures';
import NewApplication from '../../routes/public/NewApplication';
import { emptyValues } from './formValues';
import { DRAFT_KEY, FORM_ID, type StoredDraft } from './useDraft';
import { stubFormApi } from '../intake/test/publicApi';

/**
 * A draft whose id is already in the outbox is not a draft (docs/decisions/012-offline-queue-truth.md):
 * the browser was killed just after the application was queued, and localStorage lost the draft's
 * removal. Opening the form again must show the queued application, never offer to send it again.
 */
beforeEach(async () => {
  localStorage.clear();
  window.scrollTo = () => {};
  stubFormApi();
  await Promise.all([db.outbox.clear(), db.outboxFiles.clear(), db.draftFiles.clear()]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = () =>
  render(
    <LocaleProvider>
      <MemoryRouter initialEntries={['/new-application']}>
        <NewApplication />
      </MemoryRouter>
    </LocaleProvider>,
  );

describe('reopening the form after the browser was killed', () => {
  it('shows the received application and its number instead of the restored form, and drops the draft', async () => {
    const id = newId();
    const values = { ...emptyValues(), applicantName: 'রহিম উদ্দিন' };
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ clientId: id, values } satisfies StoredDraft));
    await db.draftFiles.put({
      formId: FORM_ID,
      slot: 'photo',
      blob: new NodeBlob([new Uint8Array([1, 2])], { type: 'image/jpeg' }) as unknown as Blob,
      name: 'photo.jpg',
    });
    await db.outbox.add({
      id,
      kind: 'application',
      createdAt: Date.now(),
      status: 'received',
      attempts: 0,
      nextAttemptAt: 0,
      result: { applicationNumber: 57, id },
      payload: { clientId: id, kind: 'New', fields: sampleFields(), files: [] },
      label: 'রহিম উদ্দিন',
      filesTotal: 6,
      filesUploaded: 6,
    });

    renderForm();
    expect((await screen.findByTestId('application-number', undefined, { timeout: 5_000 })).textContent).toBe('৫৭');
    expect(document.querySelector('form')).toBeNull();
    expect(screen.queryByText(bn['application.draftRestored'])).toBeNull();
    // Gone, not merely hidden (a fresh draft under a new id may follow as the form prefills itself).
    // The form drops it once it has read the outbox, a moment after the number shows: on a loaded
    // machine that moment comes after the number's first paint.
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY) ?? '').not.toContain(id));
    await waitFor(async () => expect(await db.draftFiles.count()).toBe(0));
    // The received item is as it was: nothing turned it back into an unsent one.
    expect(await db.outbox.get(id)).toMatchObject({ status: 'received', result: { applicationNumber: 57 } });
  });

  it('still restores a draft that was never queued', async () => {
    const values = { ...emptyValues(), applicantName: 'করিম' };
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ clientId: newId(), values } satisfies StoredDraft));
    renderForm();
    expect(screen.getByText(bn['application.draftRestored'])).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(DRAFT_KEY)).not.toBeNull());
    expect((screen.getByLabelText(bn['application.field.applicantName']) as HTMLInputElement).value).toBe('করিম');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { LocaleProvider } from '../../i18n/locale';
import { ChecklistForm } from '../review/ChecklistForm';
import { useInspectVisit } from './useInspectVisit';

/**
 * BADC's inspect screen has one map, the site visit's (docs/decisions/032-visit-on-the-phone.md):
 * the position placed there is the one the checklist sends, and only when it is precise enough to
 * move the well; the applicant's typed position is never sent back as the officer's.
 */
const APPLICATION = {
  id: 'a0000000-0000-4000-8000-000000000001',
  applicationNumber: 7,
  fields: { latitude: 24.7, longitude: 88.2 },
} as unknown as ApplicationDetail;

beforeEach(() => {
  localStorage.clear();
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView = () => {};
  vi.stubGlobal('fetch', async (url: string) => {
    const body = url.endsWith('/api/auth/me')
      ? { id: 3, email: 'badc@example.gov.bd', role: 'BADC', mustChangePassword: false }
      : { websiteTitle: 'সেচ', officeLatitude: 24.7, officeLongitude: 88.2 };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function phoneAt(latitude: number, longitude: number, accuracy: number) {
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude, longitude, accuracy } } as GeolocationPosition),
    },
  });
}

function InspectScreen({ onSubmit }: { onSubmit: (payload: unknown) => void }) {
  const visit = useInspectVisit(APPLICATION, false);
  return (
    <>
      {visit.panel}
      <ChecklistForm kind="New" position={visit.position} busy={false} onSubmit={onSubmit} />
    </>
  );
}

function open() {
  const onSubmit = vi.fn();
  render(
    <LocaleProvider>
      <InspectScreen onSubmit={onSubmit} />
    </LocaleProvider>,
  );
  return onSubmit;
}

const visitSection = () => screen.getByRole('region', { name: bn['fieldVisit.title'] });
const submitChecklist = () => {
  for (let n = 1; n <= 6; n++)
    fireEvent.click(within(screen.getByTestId(`check-item-${n}`)).getByLabelText(bn['common.yes']));
  fireEvent.click(screen.getByRole('button', { name: bn['decisions.checklist.submit'] }));
};

describe('the inspect screen’s one map', () => {
  it('sends the GPS fix taken on the visit’s map with the checklist, not the applicant’s position', async () => {
    phoneAt(24.1, 90.9, 5);
    const onSubmit = open();
    // Before any fix the checklist says the map keeps its position.
    expect(screen.getByTestId('checklist-position').textContent).toBe(bn['decisions.checklist.positionKept']);
    fireEvent.click(within(visitSection()).getByRole('button', { name: bn['map.picker.useMyLocation'] }));
    await waitFor(() => expect(screen.getByTestId('checklist-position').textContent).toContain('২৪.১০০০০০'));
    submitChecklist();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ latitude: 24.1, longitude: 90.9 });
  });

  it('sends no position when the fix is too rough to move the well', async () => {
    phoneAt(24.1, 90.9, 900);
    const onSubmit = open();
    fireEvent.click(within(visitSection()).getByRole('button', { name: bn['map.picker.useMyLocation'] }));
    await waitFor(() => expect(screen.getByText(/নির্ভুলতা/)).toBeTruthy());
    expect(screen.getByTestId('checklist-position').textContent).toBe(bn['decisions.checklist.positionKept']);
    submitChecklist();
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('latitude');
  });
});

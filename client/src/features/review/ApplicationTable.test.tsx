import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import { resetMeForTests } from '../staff/useMe';
import { ApplicationTable } from './ApplicationTable';
import { applicationDetail } from './test/applicationDetail';

/** The files section of the detail table by role (docs/decisions/017-permissions.md). */
// What the server sends a role without applications.readDocuments: no files.
const detail = applicationDetail({ stage: 'Approved', fields: { applicantName: 'রহিম উদ্দিন' }, files: [] });

function signedInAs(role: Me['role']) {
  const me: Me = { id: 1, name: null, email: 'officer@example.com', role, mustChangePassword: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(me), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

beforeEach(() => resetMeForTests());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ApplicationTable: the applicant’s documents', () => {
  it('tells Pollibidut the documents are for the reviewing officers, instead of listing them as not given', async () => {
    signedInAs('Pollibidut');
    render(<ApplicationTable detail={detail} />);
    expect(await screen.findByText(bn['decisions.file.withheld'])).toBeTruthy();
    expect(screen.queryByText(`✗ ${bn['decisions.file.none']}`)).toBeNull();
  });

  it('lists every document slot for a reviewing officer, marking the missing ones', async () => {
    signedInAs('BADC');
    render(<ApplicationTable detail={detail} />);
    expect((await screen.findAllByText(`✗ ${bn['decisions.file.none']}`)).length).toBeGreaterThan(0);
    expect(screen.queryByText(bn['decisions.file.withheld'])).toBeNull();
  });
});

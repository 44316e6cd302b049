import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { addYears, formatDateBn, todayInDhaka } from '@portal/shared/i18n/dates';
import { bn } from '@portal/shared/i18n/index';
import { resetMeForTests, setSignedIn } from '../staff/useMe';
import { LicenceRowActions, type LicenceList } from './LicenceRowActions';

/** The licence list row actions as BADC uses them (spec 3 §2 licence screens, §8). */
const row = { licenceId: '33333333-3333-4333-8333-333333333333', licenceNumber: 1207, version: 4, holderName: 'রহিম' };

function signIn(role: 'BADC' | 'UNO') {
  setSignedIn({ id: 7, name: null, email: 'badc@example.org', role, mustChangePassword: false });
}

function show(list: LicenceList, onDone = vi.fn()) {
  render(<LicenceRowActions list={list} row={row} onDone={onDone} />);
  return onDone;
}

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => resetMeForTests());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LicenceRowActions', () => {
  it('shows BADC the actions of each list, and nothing to other roles', () => {
    vi.stubGlobal('fetch', vi.fn());
    signIn('BADC');
    const names = (list: LicenceList) => {
      show(list);
      const found = screen.queryAllByRole('button').map((b) => b.textContent);
      cleanup();
      return found;
    };
    expect(names('licenseTesting')).toEqual([bn['licence.action.confirm'], bn['licence.action.suspend']]);
    expect(names('licenseActive')).toEqual([bn['licence.action.suspend']]);
    expect(names('licenseExpire')).toEqual([bn['licence.action.suspend']]);
    expect(names('licenseSuspend')).toEqual([bn['licence.action.reactivate']]);
    signIn('UNO');
    expect(names('licenseActive')).toEqual([]);
  });

  it('asks for a suspension note, says a text will go, and sends the note with the row’s version', async () => {
    signIn('BADC');
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('/licence-settings') ? answer({ suspendText: true }) : answer({ id: row.licenceId }),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = show('licenseActive');
    fireEvent.click(screen.getByRole('button', { name: bn['licence.action.suspend'] }));
    expect(await screen.findByText(bn['licence.action.smsWillGo'])).toBeTruthy();
    const dialogSubmit = screen.getAllByRole('button', { name: bn['licence.action.suspend'] }).at(-1)!;
    fireEvent.click(dialogSubmit);
    expect(screen.getByRole('alert').textContent).toBe(bn['licence.v.noteRequired']);
    fireEvent.change(screen.getByLabelText(bn['licence.action.suspendNote']), { target: { value: ' স্থানান্তর ' } });
    fireEvent.click(dialogSubmit);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.find(([u]) => u.includes('/actions')) as unknown as [string, RequestInit];
    expect(url).toBe(`/api/staff/licences/${row.licenceId}/actions`);
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({ action: 'suspend', version: 4, payload: { note: 'স্থানান্তর' } });
    expect(body.clientActionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('re-activates with today and today + 3 years filled in, and shows the server’s refusal in Bangla', async () => {
    signIn('BADC');
    const fetch = vi.fn(async () =>
      answer({ error: { code: 'STALE_STATE', message: 'অন্য কেউ আগেই পরিবর্তন করেছেন।', messageEn: 'stale' } }, 409),
    );
    vi.stubGlobal('fetch', fetch);
    const onDone = show('licenseSuspend');
    fireEvent.click(screen.getByRole('button', { name: bn['licence.action.reactivate'] }));
    const today = todayInDhaka();
    expect((screen.getByLabelText(bn['licence.action.validFrom']) as HTMLInputElement).value).toBe(formatDateBn(today));
    expect((screen.getByLabelText(bn['licence.action.validTo']) as HTMLInputElement).value).toBe(
      formatDateBn(addYears(today, 3)),
    );
    fireEvent.click(screen.getAllByRole('button', { name: bn['licence.action.reactivate'] }).at(-1)!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(bn['licence.action.reactivateFailed']);
    expect(alert.textContent).toContain('অন্য কেউ আগেই পরিবর্তন করেছেন।');
    expect(onDone).not.toHaveBeenCalled();
    expect(JSON.parse((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body as string).payload).toEqual({
      validFrom: today,
      validTo: addYears(today, 3),
    });
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../server/src/test/harness';
import { createStaffUser } from '../../../../server/src/test/roles';
import { setMailTransport, settleMail, type MailMessage } from '../../../../server/src/platform/mail/mailer';
import ForgotPassword from './ForgotPassword';
import ResetPassword from './ResetPassword';

/**
 * /forget and /reset-password (spec 1 §2; decision 014) against the real API in-process: the
 * e-mail asked for first, the link mailed, a spent link refused in Bangla with a way to ask again,
 * the two entries compared before anything is sent.
 */
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let mails: MailMessage[] = [];
const requests: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://sech.example.gov.bd' });
  setMailTransport({
    async send(m) {
      mails.push(m);
    },
  });
}, 120_000);
afterAll(async () => {
  setMailTransport(null);
  await ctx.close();
});
beforeEach(() => {
  mails = [];
  requests.length = 0;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    requests.push(path);
    return ctx.request(path, init);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      {url.startsWith('/forget') ? <ForgotPassword /> : <ResetPassword />}
    </MemoryRouter>,
  );
}
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('asking for a new password', () => {
  it('asks for the e-mail and sends nothing without it', () => {
    open('/forget');
    fireEvent.click(screen.getByRole('button', { name: bn['staff.forgot.submit'] }));
    expect(screen.getByLabelText(bn['staff.email']).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(bn['v.required'])).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('mails a link once confirmed, and the link sets the new password', async () => {
    const officer = await createStaffUser(ctx, 'UNO');
    open('/forget');
    type(bn['staff.email'], officer.email);
    fireEvent.click(screen.getByRole('button', { name: bn['staff.forgot.submit'] }));
    fireEvent.click(await screen.findByRole('button', { name: bn['common.yes'] }));
    expect(await screen.findByText(bn['staff.forgot.sent'])).toBeTruthy();
    await settleMail();
    const token = /reset-password\?token=([\w-]+)/.exec(mails[0]?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    cleanup();

    open(`/reset-password?token=${token}`);
    type(bn['staff.reset.newPassword'], 'river fields at dawn');
    type(bn['staff.passwordAgain'], 'river fields at dawn');
    fireEvent.click(screen.getByRole('button', { name: bn['staff.reset.submit'] }));
    expect(await screen.findByText(bn['staff.reset.done'])).toBeTruthy();
    const login = await ctx.request('/api/auth/login', {
      method: 'POST',
      json: { email: officer.email, password: 'river fields at dawn' },
    });
    expect(login.status).toBe(200);
  });
});

describe('setting a new password from the e-mailed link', () => {
  it('says the two entries differ and sends nothing', () => {
    open('/reset-password?token=abc');
    type(bn['staff.reset.newPassword'], 'river fields at dawn');
    type(bn['staff.passwordAgain'], 'river fields at dusk');
    fireEvent.click(screen.getByRole('button', { name: bn['staff.reset.submit'] }));
    expect(screen.getByText(bn['staff.passwordMismatch'])).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('refuses a spent link in Bangla, with a way to ask again', async () => {
    const officer = await createStaffUser(ctx, 'BADC');
    await ctx.request('/api/auth/forgot', { method: 'POST', json: { email: officer.email } });
    await settleMail();
    const token = /reset-password\?token=([\w-]+)/.exec(mails[0]?.text ?? '')![1]!;
    const used = await ctx.request('/api/auth/reset', {
      method: 'POST',
      json: { token, password: 'the first new one here' },
    });
    expect(used.status).toBeLessThan(300);
    open(`/reset-password?token=${token}`);
    type(bn['staff.reset.newPassword'], 'river fields at dawn');
    type(bn['staff.passwordAgain'], 'river fields at dawn');
    fireEvent.click(screen.getByRole('button', { name: bn['staff.reset.submit'] }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(bn['problem.RESET_TOKEN_INVALID']);
    expect(within(alert).getByRole('link', { name: bn['staff.reset.again'] }).getAttribute('href')).toBe('/forget');
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { registerApplication } from '../../../../../server/src/modules/register/register-fixtures';
import {
  createOfficer,
  signInOnDevice,
  startRealApi,
  type Officer,
  type RealApi,
} from '../../../offline/test/real-api';
import { resetMeForTests } from '../../../features/staff/useMe';
import { openStaffPanel } from '../test/openStaffPanel';

/**
 * The register's list screen (docs/decisions/037-register-lists-and-exports.md) in the staff panel,
 * against the real API in-process (../../../offline/test/real-api.ts) as a BADC officer.
 */
configure({ asyncUtilTimeout: 8000 });
let api: RealApi;
let badc: Officer;
const numbers: number[] = [];

beforeAll(async () => {
  api = await startRealApi();
  badc = await createOfficer(api, 'BADC');
  const now = api.ctx.clock.now.getTime();
  // 23 new-well applications, one an hour, the newest last; one with a father's name to search for.
  for (let i = 0; i < 23; i++) {
    const app = await registerApplication(api.ctx, {
      applicantName: `কৃষক ${String(i).padStart(2, '0')}`,
      fatherName: i === 4 ? 'জব্বার মিয়া' : `পিতা ${i}`,
      mobile: `0171000${String(i).padStart(4, '0')}`,
      submittedAt: new Date(now - (23 - i) * 3_600_000),
    });
    numbers.push(app.applicationNumber);
  }
}, 120_000);
afterAll(() => api.close());

beforeEach(async () => {
  resetMeForTests();
  api.log.length = 0;
  await signInOnDevice(api, badc);
  vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const at = new URL(url, 'http://localhost');
    return api.fetch(at.pathname + at.search, init);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = openStaffPanel;

/** The wide-screen table (the phone cards repeat the same rows). */
const table = async () => (await screen.findAllByRole('table'))[0]!;
const registerCalls = () => api.log.filter((l) => l.path.startsWith('/api/staff/register/new?')).map((l) => l.path);

describe('the all-application list', () => {
  it('shows the newest applications with their stage counts, in Bangla digits, and View opens any kind’s detail', async () => {
    open('/admin-page/all-application');
    expect(await screen.findByRole('heading', { name: bn['register.title.new'] })).toBeTruthy();
    const rows = within(await table()).getAllByRole('row');
    // The header and the first page of 20.
    expect(rows).toHaveLength(21);
    expect(within(rows[1]!).getByText(toBanglaDigits(numbers[22]!))).toBeTruthy();
    expect(within(rows[1]!).getByText('কৃষক 22')).toBeTruthy();
    expect(screen.getByText(`${bn['review.stage.StepOne']}: ${toBanglaDigits(23)}`)).toBeTruthy();
    const view = within(rows[1]!).getByRole('link', { name: bn['common.view'] });
    expect(view.getAttribute('href')).toMatch(/^\/admin-page\/seen-view\//);
    expect(within(rows[1]!).getByRole('link', { name: bn['register.action.edit'] }).getAttribute('href')).toMatch(
      /^\/admin-page\/edit-view\//,
    );
  });

  it('starts again at page 1 when a search is typed', async () => {
    open('/admin-page/all-application?page=2');
    await waitFor(() => expect(within(screen.getAllByRole('table')[0]!).getAllByRole('row')).toHaveLength(4));
    expect(registerCalls().at(-1)).toContain('page=2');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'জব্বার' } });
    await waitFor(() => expect(within(screen.getAllByRole('table')[0]!).getAllByRole('row')).toHaveLength(2));
    const last = registerCalls().at(-1)!;
    expect(last).toContain('page=1');
    expect(new URLSearchParams(last.split('?')[1]).get('q')).toBe('জব্বার');
    expect(within(await table()).getByText('কৃষক 04')).toBeTruthy();
  });

  it('asks the reason before a delete, refuses an empty one, and the row leaves the list', async () => {
    open('/admin-page/all-application');
    const first = within(await table()).getAllByRole('row')[1]!;
    const name = within(first).getByText(/^কৃষক \d+$/).textContent!;
    fireEvent.click(within(first).getByRole('button', { name: bn['register.action.delete'] }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: bn['register.delete.confirm'] }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(bn['register.delete.reasonRequired']);
    expect(api.log.some((l) => l.path.endsWith('/delete'))).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(bn['register.delete.reason']), {
      target: { value: 'একই আবেদন দুবার জমা হয়েছে' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: bn['register.delete.confirm'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(screen.getAllByRole('table')[0]!).queryByText(name)).toBeNull());
    const row = await api.ctx.db
      .selectFrom('applications')
      .select(['deleted_at', 'delete_reason'])
      .where('applicant_name', '=', name)
      .executeTakeFirstOrThrow();
    expect(row.delete_reason).toBe('একই আবেদন দুবার জমা হয়েছে');
  });

  it('counts the characters and parts of a text and says it is queued', async () => {
    open('/admin-page/all-application');
    const first = within(await table()).getAllByRole('row')[1]!;
    fireEvent.click(within(first).getByRole('button', { name: bn['register.action.sms'] }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(bn['register.sms.message']), {
      target: { value: 'অফিসে আসুন' },
    });
    expect(within(dialog).getByText('১০/৩০০ অক্ষর, ১টি এসএমএস অংশ')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: bn['register.sms.send'] }));
    expect((await within(dialog).findByRole('status')).textContent).toMatch(/সারিতে রাখা হয়েছে/);
    const queued = await api.ctx.db.selectFrom('sms_outbox').select('body').where('kind', '=', 'register').execute();
    expect(queued.map((q) => q.body.split('\n')[0])).toEqual(['অফিসে আসুন']);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import { bn, toBanglaDigits } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../../server/src/test/harness';
import { signInAs, type StaffAgent } from '../../../../../server/src/test/roles';
import { insertApplication } from '../../../../../server/src/modules/requests/request-fixtures';
import { resetMeForTests } from '../../../features/staff/useMe';
import { openStaffPanel } from '../test/openStaffPanel';

/**
 * The resolution screens inside the staff panel, against the real API in-process (decision 036):
 * the create form marks a range that is not one in Bangla and sends nothing; a good one is created
 * and listed; the printable view lists the applications of the range that the server answers.
 */
// The whole panel renders here; on a busy machine a screen takes longer than the default second.
configure({ asyncUtilTimeout: 8000 });

let ctx: TestContext;
let badc: StaffAgent;
const writes: { method: string; path: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  badc = await signInAs(ctx, 'BADC');
}, 120_000);
afterAll(() => ctx.close());
beforeEach(() => {
  resetMeForTests();
  writes.length = 0;
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (init.method && init.method !== 'GET') writes.push({ method: init.method, path });
    return ctx.request(path, { ...init, agent: badc });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const open = openStaffPanel;

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the resolution list and its create form', () => {
  it('marks "to" smaller than "from" in Bangla and sends nothing; a good range is created and listed', async () => {
    open('/admin-page/resolution');
    await screen.findByRole('heading', { name: bn['resolutions.list.title'] });
    type(bn['resolutions.field.title'], 'সেচ কমিটির ৫ম সভা');
    type(bn['resolutions.field.rangeFrom'], '৩০');
    type(bn['resolutions.field.rangeTo'], '২০');
    fireEvent.click(screen.getByRole('button', { name: bn['resolutions.create.submit'] }));
    expect(await screen.findByText(bn['resolutions.v.rangeOrder'])).toBeTruthy();
    expect(screen.getByLabelText(bn['resolutions.field.rangeTo']).getAttribute('aria-invalid')).toBe('true');
    expect(writes).toEqual([]);

    type(bn['resolutions.field.title'], '');
    fireEvent.click(screen.getByRole('button', { name: bn['resolutions.create.submit'] }));
    expect(await screen.findByText(bn['v.required'])).toBeTruthy();
    expect(writes).toEqual([]);

    type(bn['resolutions.field.title'], 'সেচ কমিটির ৫ম সভা');
    type(bn['resolutions.field.rangeTo'], '৪০');
    fireEvent.click(screen.getByRole('button', { name: bn['resolutions.create.submit'] }));
    expect(await screen.findByText(bn['resolutions.created'])).toBeTruthy();
    expect(writes).toEqual([{ method: 'POST', path: '/api/staff/resolutions' }]);
    const row = (await screen.findAllByText('সেচ কমিটির ৫ম সভা'))[0]!.closest('tr, li')!;
    expect(within(row as HTMLElement).getByText(`${toBanglaDigits(30)} থেকে ${toBanglaDigits(40)}`)).toBeTruthy();
    // The form is empty again for the next one.
    expect((screen.getByLabelText(bn['resolutions.field.title']) as HTMLInputElement).value).toBe('');
  });
});

describe('the printable view', () => {
  it('shows the title, the minutes and a table of the applications in the range, in number order', async () => {
    const inside = [];
    const outsideBefore = await insertApplication(ctx, { applicantName: 'বাইরের আবেদনকারী' });
    for (const name of ['জহিরুল ইসলাম', 'মোস্তফা কামাল'])
      inside.push(await insertApplication(ctx, { applicantName: name }));
    const res = await ctx.request('/api/staff/resolutions', {
      method: 'POST',
      agent: badc,
      json: {
        title: 'উপজেলা সেচ কমিটির সভা',
        rangeFrom: inside[0]!.applicationNumber,
        rangeTo: inside[1]!.applicationNumber,
        html: '<p>নিচের আবেদনগুলো বিবেচনা করা হলো।</p>',
      },
    });
    const { id } = (await res.json()) as { id: number };
    expect(outsideBefore.applicationNumber).toBeLessThan(inside[0]!.applicationNumber);

    open(`/admin-page/resolutionView/${id}`);
    expect(await screen.findByRole('heading', { name: 'উপজেলা সেচ কমিটির সভা' })).toBeTruthy();
    expect(screen.getByText('নিচের আবেদনগুলো বিবেচনা করা হলো।')).toBeTruthy();
    const table = screen.getByRole('table');
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual(
      inside.map((a) => toBanglaDigits(a.applicationNumber)),
    );
    expect(within(table).getByText('জহিরুল ইসলাম')).toBeTruthy();
    expect(within(table).queryByText('বাইরের আবেদনকারী')).toBeNull();
    expect(within(bodyRows[0]!).getByText(bn['review.stage.StepOne'])).toBeTruthy();
    expect(screen.getByRole('link', { name: new RegExp(bn['resolutions.backToList']) }).getAttribute('href')).toBe(
      '/admin-page/resolution',
    );
  });

  it('says the resolution is not there, with the way back, for an unknown id', async () => {
    open('/admin-page/resolutionView/987654');
    expect(await screen.findByText(bn['resolutions.notFound'])).toBeTruthy();
    expect(screen.getByRole('link', { name: bn['resolutions.backToList'] })).toBeTruthy();
  });
});

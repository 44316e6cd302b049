import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../server/src/test/harness';
import { signInAs, type StaffAgent } from '../../../../server/src/test/roles';
import { Toaster } from '../../components/Toast';
import { ImportPanel } from './ImportPanel';
import { OldRecordForm } from './OldRecordForm';

/**
 * The old-record screen's two parts against the real API in-process (docs/decisions/039): the form
 * stops on its required fields with the Bangla messages and, once sent, empties itself; the check of
 * a CSV shows the server's row report with the wrong rows marked, and Import waits for a clean check.
 */
let ctx: TestContext;
let badc: StaffAgent;
const calls: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  badc = await signInAs(ctx, 'BADC');
}, 120_000);
afterAll(() => ctx.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  calls.length = 0;
});

function serveFromRealApi() {
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${path}`);
    // jsdom's File is not Node's Blob: hand the in-process app its bytes, as the browser sends them.
    const body = init.body instanceof Blob ? new Uint8Array(await init.body.arrayBuffer()) : init.body;
    return ctx.request(path, { ...init, body, agent: badc });
  });
}

const REQUIRED = bn['v.required'];
/** The control whose label starts with this text (a required one ends in a star). */
const labelled = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`)) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(labelled(label), { target: { value } });
const field = (name: string) => labelled(bn[`oldRecords.field.${name}` as keyof typeof bn]);

describe('the old-record form', () => {
  it('marks every empty required field in Bangla and sends nothing', async () => {
    serveFromRealApi();
    render(<OldRecordForm upazila="শিবগঞ্জ" localities={undefined} />);
    fireEvent.click(screen.getByRole('button', { name: bn['oldRecords.submit'] }));
    expect(await screen.findByText(/কিছু ঘরে ভুল আছে \(১০টি\)/)).toBeTruthy();
    // Ten, not eleven: the upazila came filled with the office's own.
    expect(screen.getAllByText(REQUIRED)).toHaveLength(7);
    expect(screen.getAllByText(bn['v.choose'])).toHaveLength(3);
    expect(field('licenceNumber').getAttribute('aria-invalid')).toBe('true');
    expect(field('fatherName').getAttribute('aria-invalid')).toBeNull();
    // The clerk is taken to the first field to correct.
    await waitFor(() => expect(document.activeElement).toBe(field('licenceNumber')));
    expect(calls).toEqual([]);
  });

  it('sends a complete record, says Data Insert successfully and empties the form', async () => {
    serveFromRealApi();
    render(
      <>
        <OldRecordForm upazila="শিবগঞ্জ" localities={undefined} />
        <Toaster />
      </>,
    );
    type(bn['oldRecords.field.licenceNumber'], '৭৭৭');
    type(bn['oldRecords.field.regulationNumber'], '৩/২০১৬');
    type(bn['oldRecords.field.applicantName'], 'সালমা বেগম');
    for (const f of ['village', 'union', 'postOffice', 'mouza'] as const) type(bn[`oldRecords.field.${f}`], 'কানসাট');
    type(bn['oldRecords.field.pumpType'], 'solar');
    type(bn['oldRecords.field.wellClass'], 'shallow');
    type(bn['oldRecords.field.wellSize'], '0.5');
    type(bn['oldRecords.field.validTo'], '2026-06-30');
    fireEvent.click(screen.getByRole('button', { name: bn['oldRecords.submit'] }));
    expect(await screen.findByText(/তথ্য সফলভাবে যোগ হয়েছে \(Data Insert successfully\): লাইসেন্স নং ৭৭৭/)).toBeTruthy();
    expect(calls).toEqual(['POST /api/staff/old-records']);
    expect(field('licenceNumber').value).toBe('');
    expect(field('applicantName').value).toBe('');
    expect(field('upazila').value).toBe('শিবগঞ্জ');

    // The same number again: the server's 409 lands on the licence number.
    type(bn['oldRecords.field.licenceNumber'], '777');
    type(bn['oldRecords.field.regulationNumber'], '৩/২০১৬');
    type(bn['oldRecords.field.applicantName'], 'অন্য কেউ');
    for (const f of ['village', 'union', 'postOffice', 'mouza'] as const) type(bn[`oldRecords.field.${f}`], 'কানসাট');
    type(bn['oldRecords.field.pumpType'], 'solar');
    type(bn['oldRecords.field.wellClass'], 'shallow');
    type(bn['oldRecords.field.wellSize'], '0.5');
    fireEvent.click(screen.getByRole('button', { name: bn['oldRecords.submit'] }));
    await waitFor(() => expect(field('licenceNumber').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(bn['oldRecords.v.duplicateInPortal']).length).toBeGreaterThan(0);
  });
});

describe('the CSV import panel', () => {
  const header =
    'licenseNumber,resulation,name,upzila,village,union,post,mouza,sechPampType,tubeoyelClass,tubeyelSize,mobile';
  const line = (n: string, name: string, pump = 'electric') =>
    `${n},১/২০১০,${name},শিবগঞ্জ,কানসাট,কানসাট,কানসাট,কানসাট,${pump},deep,1.0,01712345678`;
  const pick = (csv: string) =>
    fireEvent.change(screen.getByLabelText(bn['oldRecords.import.file']), {
      target: { files: [new File([csv], 'register.csv', { type: 'text/csv' })] },
    });

  it('shows the check row by row with the wrong rows marked, and keeps Import off until the file is clean', async () => {
    serveFromRealApi();
    render(<ImportPanel />);
    const importButton = screen.getByRole('button', { name: bn['oldRecords.import.run'] }) as HTMLButtonElement;
    expect(importButton.disabled).toBe(true);

    pick(`${header}\r\n${line('8001', 'রহিম')}\r\n${line('8002', '', 'windmill')}\r\n${line('8001', 'করিম')}\r\n`);
    fireEvent.click(screen.getByRole('button', { name: bn['oldRecords.import.check'] }));
    expect(await screen.findByText(/মোট ৩টি সারি: ১টি যোগ করা যাবে, ২টিতে ভুল।/)).toBeTruthy();
    const table = screen.getByRole('table');
    const wrong = within(table).getAllByRole('row').slice(1);
    expect(wrong).toHaveLength(2);
    expect(wrong.every((r) => r.getAttribute('data-ok') === 'false')).toBe(true);
    expect(within(wrong[0]!).getByText('আবেদনকারীর নাম: এই ঘরটি পূরণ করা আবশ্যক।')).toBeTruthy();
    expect(within(wrong[0]!).getByText(/^সেচ পাম্পের ধরন: এই মানটি চেনা যায়নি/)).toBeTruthy();
    expect(within(wrong[1]!).getByText(/ফাইলের ২ নম্বর সারিতেও আছে/)).toBeTruthy();
    expect(importButton.disabled).toBe(true);

    // Every row: the good one too.
    fireEvent.click(screen.getByLabelText(bn['oldRecords.import.onlyErrors']));
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText(bn['oldRecords.import.rowOk'])).toBeTruthy();

    pick(`${header}\r\n${line('8001', 'রহিম')}\r\n${line('8003', 'করিম')}\r\n`);
    fireEvent.click(screen.getByRole('button', { name: bn['oldRecords.import.check'] }));
    expect(await screen.findByText(/মোট ২টি সারি: ২টি যোগ করা যাবে, ০টিতে ভুল।/)).toBeTruthy();
    await waitFor(() => expect(importButton.disabled).toBe(false));
    fireEvent.click(importButton);
    expect(await screen.findByText('২টি পুরোনো রেকর্ড যোগ হয়েছে।')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/staff/old-records/import?dryRun=1',
      'POST /api/staff/old-records/import?dryRun=1',
      'POST /api/staff/old-records/import',
    ]);
    const imported = await ctx.db
      .selectFrom('licences')
      .select('licence_number')
      .where('licence_number', 'in', [8001, 8002, 8003])
      .orderBy('licence_number')
      .execute();
    expect(imported.map((r) => Number(r.licence_number))).toEqual([8001, 8003]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDetail } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { pdfBytes } from '../../modules/applications/intake-fixtures.js';
import { insertApplication } from '../../modules/requests/request-fixtures.js';

/**
 * The name a file was chosen under (X-File-Name) is kept for the officer's list, but it is never
 * a reason to refuse the file: a NUL (which PostgreSQL cannot store) or a line break becomes "_".
 */
let ctx: TestContext;
let badc: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  badc = await signInAs(ctx, 'BADC');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

describe('X-File-Name', () => {
  it('keeps a Bangla name and turns control characters into _', async () => {
    const { id } = await insertApplication(ctx, { stage: 'Pending', seen: { chairman: true, uno: true, badc: true } });
    const res = await ctx.request(`/api/staff/applications/${id}/files/inspectionReport`, {
      method: 'PUT',
      agent: badc,
      headers: { 'content-type': 'application/pdf', 'x-file-name': encodeURIComponent('পরিদর্শন\u0000\r\n.pdf') },
      body: pdfBytes(5) as Uint8Array<ArrayBuffer>,
    });
    expect(res.status).toBe(200);
    const file = ((await res.json()) as ApplicationDetail).files.find((f) => f.slot === 'inspectionReport')!;
    expect(file.originalName).toBe('পরিদর্শন___.pdf');
  });
});

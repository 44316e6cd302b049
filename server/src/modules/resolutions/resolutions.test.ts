import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { bn, type ProblemBody } from '@portal/shared';
import type { Resolution, ResolutionApplications, ResolutionPage } from '@portal/shared/schemas/resolutions';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { insertApplication } from '../requests/request-fixtures.js';

/**
 * The committee's resolutions (spec 2 §2, §3; docs/decisions/036-resolutions.md) through the real
 * API: BADC and the Admin create, edit and delete them, each change audited with its values; the
 * minutes are sanitised on the server; the printed view's applications are the range, queried by
 * the server, without deleted or unfinished ones.
 */
let ctx: TestContext;
let badc: StaffAgent;
let admin: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  [badc, admin] = await Promise.all([signInAs(ctx, 'BADC'), signInAs(ctx, 'Admin')]);
}, 120_000);
afterAll(() => ctx.close());

async function send(agent: StaffAgent, path: string, method = 'GET', json?: unknown) {
  const res = await ctx.request(path, { method, agent, ...(json === undefined ? {} : { json }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const create = async (agent: StaffAgent, input: Record<string, unknown>) => {
  const res = await send(agent, '/api/staff/resolutions', 'POST', input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Resolution;
};

async function auditOf(resolutionId: number) {
  const rows = await ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_label', 'application_id', 'details'])
    .where(sql<boolean>`details->>'resolutionId' = ${String(resolutionId)}`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ...r,
    details: (typeof r.details === 'string' ? JSON.parse(r.details) : r.details) as Record<string, unknown>,
  }));
}

describe('creating, editing and deleting a resolution', () => {
  it('stores what BADC typed, and the audit keeps each change with its values before and after', async () => {
    const made = await create(badc, {
      title: 'উপজেলা সেচ কমিটির ৩য় সভা',
      rangeFrom: '১০১',
      rangeTo: 120,
      html: '<p>সভায় আবেদনগুলো অনুমোদিত হলো।</p>',
    });
    expect(made).toMatchObject({ title: 'উপজেলা সেচ কমিটির ৩য় সভা', rangeFrom: 101, rangeTo: 120 });

    const edited = await send(admin, `/api/staff/resolutions/${made.id}`, 'PUT', {
      title: 'উপজেলা সেচ কমিটির ৩য় সভা',
      rangeFrom: 101,
      rangeTo: 130,
      html: '<p>সংশোধিত সিদ্ধান্ত।</p>',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ rangeTo: 130, html: '<p>সংশোধিত সিদ্ধান্ত।</p>' });
    expect((await send(badc, `/api/staff/resolutions/${made.id}`)).body).toMatchObject({ rangeTo: 130 });

    expect((await send(badc, `/api/staff/resolutions/${made.id}`, 'DELETE')).status).toBe(204);
    expect((await send(badc, `/api/staff/resolutions/${made.id}`)).status).toBe(404);
    expect((await send(badc, `/api/staff/resolutions/${made.id}`, 'DELETE')).status).toBe(404);

    const audit = await auditOf(made.id);
    expect(audit.map((a) => [a.action, a.actor_label, a.application_id])).toEqual([
      ['resolution-created', badc.email, null],
      ['resolution-updated', admin.email, null],
      ['resolution-deleted', badc.email, null],
    ]);
    expect(audit[0]!.details.after).toMatchObject({ rangeFrom: 101, rangeTo: 120 });
    // Only what changed, each with its old and new value; the title did not change.
    expect(audit[1]!.details).toMatchObject({
      before: { rangeTo: 120, html: '<p>সভায় আবেদনগুলো অনুমোদিত হলো।</p>' },
      after: { rangeTo: 130, html: '<p>সংশোধিত সিদ্ধান্ত।</p>' },
    });
    expect(Object.keys(audit[1]!.details.after as object).sort()).toEqual(['html', 'rangeTo']);
    // The deleted minutes survive in the audit.
    expect(audit[2]!.details.before).toMatchObject({ title: 'উপজেলা সেচ কমিটির ৩য় সভা', rangeTo: 130 });
  });

  it('saving the same values again changes nothing and writes no audit row', async () => {
    const made = await create(badc, { title: 'একই থাকবে', rangeFrom: 1, rangeTo: 2 });
    const again = await send(badc, `/api/staff/resolutions/${made.id}`, 'PUT', {
      title: 'একই থাকবে',
      rangeFrom: 1,
      rangeTo: 2,
      html: '',
    });
    expect(again.status).toBe(200);
    expect((await auditOf(made.id)).map((a) => a.action)).toEqual(['resolution-created']);
  });

  it('cleans the minutes on the server: no script, no event handler', async () => {
    const made = await create(badc, {
      title: 'পরিচ্ছন্ন লেখা',
      rangeFrom: 1,
      rangeTo: 5,
      html: '<p>সিদ্ধান্ত<script>alert(1)</script></p><img src=x onerror="alert(2)"><p onclick="x()">পরের লাইন</p>',
    });
    expect(made.html).toBe('<p>সিদ্ধান্ত</p><p>পরের লাইন</p>');
    const edited = await send(badc, `/api/staff/resolutions/${made.id}`, 'PUT', {
      title: 'পরিচ্ছন্ন লেখা',
      rangeFrom: 1,
      rangeTo: 5,
      html: '<a href="javascript:alert(3)" onmouseover="y()">লিংক</a>',
    });
    expect(edited.body.html).not.toMatch(/javascript|onmouseover|script|onerror/);
    const stored = await ctx.db.selectFrom('resolutions').select('html').where('id', '=', made.id).executeTakeFirst();
    expect(stored?.html).toBe(edited.body.html);
  });
});

describe('bad input', () => {
  it('422 RESOLUTION_RANGE with a Bangla message when "from" is after "to", and nothing is stored', async () => {
    const before = await ctx.db
      .selectFrom('resolutions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    const res = await send(badc, '/api/staff/resolutions', 'POST', { title: 'উল্টো', rangeFrom: 50, rangeTo: 40 });
    expect(res.status).toBe(422);
    const error = (res.body as ProblemBody).error;
    expect(error.code).toBe('RESOLUTION_RANGE');
    expect(error.message).toBe(bn['problem.RESOLUTION_RANGE']);
    expect(error.fields).toEqual({ rangeTo: bn['resolutions.v.rangeOrder'] });
    const after = await ctx.db
      .selectFrom('resolutions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });

  it('422 for an edit that turns the range round, and for a range wider than 5,000 numbers', async () => {
    const made = await create(badc, { title: 'ঠিক ছিল', rangeFrom: 10, rangeTo: 20 });
    const turned = await send(badc, `/api/staff/resolutions/${made.id}`, 'PUT', {
      title: 'ঠিক ছিল',
      rangeFrom: 21,
      rangeTo: 20,
    });
    expect(turned.status).toBe(422);
    expect((await send(badc, `/api/staff/resolutions/${made.id}`)).body).toMatchObject({ rangeFrom: 10 });
    const wide = await send(badc, '/api/staff/resolutions', 'POST', { title: 'বড়', rangeFrom: 1, rangeTo: 5001 });
    expect(wide.status).toBe(422);
    expect(wide.body.error.fields).toEqual({ rangeTo: bn['resolutions.v.rangeSpan'] });
    // Exactly 5,000 numbers is allowed.
    expect(
      (await send(badc, '/api/staff/resolutions', 'POST', { title: 'সীমায়', rangeFrom: 1, rangeTo: 5000 })).status,
    ).toBe(201);
  });

  it('400 with Bangla field messages for a missing title and numbers that are not application numbers', async () => {
    const res = await send(badc, '/api/staff/resolutions', 'POST', { title: '  ', rangeFrom: 0, rangeTo: 'ক' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      title: bn['v.required'],
      rangeFrom: bn['resolutions.v.number'],
      rangeTo: bn['resolutions.v.number'],
    });
    const long = await send(badc, '/api/staff/resolutions', 'POST', {
      title: 'ক'.repeat(301),
      rangeFrom: 1,
      rangeTo: 2,
    });
    expect(long.body.error.fields).toEqual({ title: bn['v.tooLong'] });
    const missing = await send(badc, '/api/staff/resolutions', 'POST', { title: 'নম্বর নেই' });
    expect(missing.body.error.fields).toEqual({ rangeFrom: bn['v.required'], rangeTo: bn['v.required'] });
  });

  it('404 for a resolution that does not exist, 400 for an id that is not one', async () => {
    expect((await send(badc, '/api/staff/resolutions/999999')).status).toBe(404);
    expect((await send(badc, '/api/staff/resolutions/999999/applications')).status).toBe(404);
    expect((await send(badc, '/api/staff/resolutions/abc')).status).toBe(400);
  });
});

describe('who may', () => {
  it('refuses the Chairman, the UNO and Pollibidut (403), and anyone not signed in (401)', async () => {
    const made = await create(badc, { title: 'শুধু বিএডিসি ও অ্যাডমিন', rangeFrom: 1, rangeTo: 3 });
    for (const role of ['Chairman', 'UNO', 'Pollibidut'] as const) {
      const other = await signInAs(ctx, role);
      for (const [path, method, json] of [
        ['/api/staff/resolutions', 'GET', undefined],
        ['/api/staff/resolutions', 'POST', { title: 'ক', rangeFrom: 1, rangeTo: 2 }],
        [`/api/staff/resolutions/${made.id}`, 'GET', undefined],
        [`/api/staff/resolutions/${made.id}`, 'PUT', { title: 'ক', rangeFrom: 1, rangeTo: 2 }],
        [`/api/staff/resolutions/${made.id}`, 'DELETE', undefined],
        [`/api/staff/resolutions/${made.id}/applications`, 'GET', undefined],
      ] as const) {
        const res = await send(other, path, method, json);
        expect(res, `${role} ${method} ${path}`).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN' } } });
      }
    }
    expect((await ctx.request('/api/staff/resolutions')).status).toBe(401);
    expect((await send(badc, `/api/staff/resolutions/${made.id}`)).body.title).toBe('শুধু বিএডিসি ও অ্যাডমিন');
  });
});

describe('the applications of a range (the printed view)', () => {
  it('lists the bounds and everything between in number order, and leaves out the rest, deleted and unfinished ones', async () => {
    const apps = [];
    for (let i = 0; i < 7; i++)
      apps.push(await insertApplication(ctx, { applicantName: `আবেদনকারী ${i}`, mouza: 'চককীর্তি' }));
    const [before, first, second, deleted, receiving, last, after] = apps;
    await ctx.db
      .updateTable('applications')
      .set({ deleted_at: ctx.clock.now, delete_reason: 'ভুল করে দুবার জমা' })
      .where('id', '=', deleted!.id)
      .execute();
    await ctx.db
      .updateTable('applications')
      .set({ intake_status: 'receiving' })
      .where('id', '=', receiving!.id)
      .execute();
    await ctx.db
      .updateTable('applications')
      .set({ kind: 'Existing', stage: 'Approved' })
      .where('id', '=', second!.id)
      .execute();

    const made = await create(badc, {
      title: 'পরিসর',
      rangeFrom: first!.applicationNumber,
      rangeTo: last!.applicationNumber,
    });
    const res = await send(admin, `/api/staff/resolutions/${made.id}/applications`);
    expect(res.status).toBe(200);
    const body = res.body as ResolutionApplications;
    expect(body.rows.map((r) => r.applicationNumber)).toEqual([
      first!.applicationNumber,
      second!.applicationNumber,
      last!.applicationNumber,
    ]);
    expect(body.rows.map((r) => r.id)).not.toContain(before!.id);
    expect(body.rows.map((r) => r.id)).not.toContain(after!.id);
    expect(body.rows[1]).toMatchObject({
      applicantName: 'আবেদনকারী 2',
      fatherName: 'করিম উদ্দিন',
      mouza: 'চককীর্তি',
      kind: 'Existing',
      stage: 'Approved',
      licenceNumber: null,
    });

    // The list counts the same applications.
    const list = await send(badc, `/api/staff/resolutions?q=${first!.applicationNumber}&pageSize=500`);
    expect((list.body as ResolutionPage).rows.find((r) => r.id === made.id)?.applicationCount).toBe(3);
  });
});

describe('the list', () => {
  it('pages, sorts and searches on the server: by title words, or by an application number inside the range', async () => {
    const fresh = await createTestContext();
    try {
      const officer = await signInAs(fresh, 'BADC');
      const post = (json: unknown) =>
        fresh.request('/api/staff/resolutions', { method: 'POST', agent: officer, json }).then((r) => r.json());
      for (let i = 1; i <= 7; i++) {
        fresh.clock.advance(60_000);
        await post({ title: `সভা ${i}`, rangeFrom: i * 100, rangeTo: i * 100 + 49 });
      }
      const get = async (qs: string) =>
        (await (await fresh.request(`/api/staff/resolutions?${qs}`, { agent: officer })).json()) as ResolutionPage;

      const first = await get('pageSize=5');
      expect(first).toMatchObject({ total: 7, page: 1, pageSize: 5 });
      expect(first.rows.map((r) => r.title)).toEqual(['সভা 7', 'সভা 6', 'সভা 5', 'সভা 4', 'সভা 3']);
      expect((await get('pageSize=5&page=2')).rows.map((r) => r.title)).toEqual(['সভা 2', 'সভা 1']);
      expect((await get('sort=rangeFrom&dir=asc&pageSize=5')).rows[0]?.title).toBe('সভা 1');
      // Application 349 is in "সভা 3" (300..349), typed in Bangla digits.
      expect((await get(`q=${encodeURIComponent('৩৪৯')}`)).rows.map((r) => r.title)).toEqual(['সভা 3']);
      expect((await get('q=350')).rows).toEqual([]);
      expect((await get(`q=${encodeURIComponent('সভা 5')}`)).rows.map((r) => r.title)).toEqual(['সভা 5']);
      // A page size outside the list of spec 2 §9 is refused.
      expect((await fresh.request('/api/staff/resolutions?pageSize=7', { agent: officer })).status).toBe(400);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});

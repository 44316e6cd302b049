import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Account, Me, ProblemBody } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { createStaffUser, signInAs, TEST_PASSWORD } from '../../test/roles.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const problemOf = async (res: Response) => ((await res.json()) as ProblemBody).error;

describe('Account Manager (Admin)', () => {
  it('lists accounts and gives a waiting account its role, which takes effect at once', async () => {
    const admin = await signInAs(ctx, 'Admin');
    const waiting = await signInAs(ctx, null);
    const refused = await ctx.request('/api/admin/settings', { agent: waiting });
    expect(refused.status).toBe(403);
    expect((await problemOf(refused)).code).toBe('ACCOUNT_NO_ROLE');

    const list = await ctx.request('/api/admin/accounts', { agent: admin });
    expect(list.status).toBe(200);
    const { rows } = (await list.json()) as { rows: Account[] };
    expect(rows.map((r) => r.email)).toEqual(expect.arrayContaining([admin.email, waiting.email]));
    expect(rows.find((r) => r.email === waiting.email)?.role).toBeNull();
    expect(JSON.stringify(rows)).not.toMatch(/password|scrypt/i);

    const res = await ctx.request(`/api/admin/accounts/${waiting.id}/role`, {
      method: 'PUT',
      json: { role: 'BADC' },
      agent: admin,
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Account).role).toBe('BADC');
    // A role change signs the account out everywhere; the next sign-in carries the new role.
    expect((await ctx.request('/api/auth/me', { agent: waiting })).status).toBe(401);
    const again = await ctx.request('/api/auth/login', {
      method: 'POST',
      json: { email: waiting.email, password: TEST_PASSWORD },
      agent: waiting,
    });
    expect(((await again.json()) as Me).role).toBe('BADC');
    const forbidden = await ctx.request('/api/admin/settings', { agent: waiting });
    expect((await problemOf(forbidden)).code).toBe('FORBIDDEN');
  });

  it('ends every session of an officer whose role is removed', async () => {
    const admin = await signInAs(ctx, 'Admin');
    const officer = await signInAs(ctx, 'UNO');
    expect((await ctx.request('/api/auth/me', { agent: officer })).status).toBe(200);
    const res = await ctx.request(`/api/admin/accounts/${officer.id}/role`, {
      method: 'PUT',
      json: { role: null },
      agent: admin,
    });
    expect(res.status).toBe(200);
    expect((await ctx.request('/api/auth/me', { agent: officer })).status).toBe(401);
  });

  it('does not let an Admin remove their own Admin role, so there is always an Admin', async () => {
    const admin = await signInAs(ctx, 'Admin');
    const res = await ctx.request(`/api/admin/accounts/${admin.id}/role`, {
      method: 'PUT',
      json: { role: 'UNO' },
      agent: admin,
    });
    expect(res.status).toBe(403);
    expect((await problemOf(res)).fields?.role).toMatch(/অ্যাডমিন/);
    expect((await ctx.request('/api/admin/accounts', { agent: admin })).status).toBe(200);

    // Another Admin may do it.
    const second = await signInAs(ctx, 'Admin');
    const ok = await ctx.request(`/api/admin/accounts/${admin.id}/role`, {
      method: 'PUT',
      json: { role: 'UNO' },
      agent: second,
    });
    expect(ok.status).toBe(200);
  });

  it('deletes another account but not one’s own', async () => {
    const admin = await signInAs(ctx, 'Admin');
    const gone = await signInAs(ctx, 'Chairman');
    expect((await ctx.request(`/api/admin/accounts/${admin.id}`, { method: 'DELETE', agent: admin })).status).toBe(403);
    expect((await ctx.request(`/api/admin/accounts/${gone.id}`, { method: 'DELETE', agent: admin })).status).toBe(204);
    expect((await ctx.request('/api/auth/me', { agent: gone })).status).toBe(401);
    const { rows } = (await (await ctx.request('/api/admin/accounts', { agent: admin })).json()) as { rows: Account[] };
    expect(rows.some((r) => r.id === gone.id)).toBe(false);
    expect((await ctx.request(`/api/admin/accounts/${gone.id}`, { method: 'DELETE', agent: admin })).status).toBe(404);
  });

  it('deletes an officer who uploaded files; the file stays, without the link to the account', async () => {
    const admin = await signInAs(ctx, 'Admin');
    const badc = await createStaffUser(ctx, 'BADC');
    const appId = crypto.randomUUID();
    const blobId = crypto.randomUUID();
    await ctx.db
      .insertInto('applications')
      .values({
        id: appId,
        kind: 'New',
        content_hash: 'h',
        fields: JSON.stringify({}),
        file_manifest: '[]',
        mobile: '01711000000',
      })
      .execute();
    await ctx.db
      .insertInto('blobs')
      .values({ id: blobId, bytes: new Uint8Array([1, 2, 3]), mime: 'application/pdf', size: 3, sha256: 'x' })
      .execute();
    await ctx.db
      .insertInto('application_files')
      .values({
        id: crypto.randomUUID(),
        application_id: appId,
        slot: 'inspectionReport',
        blob_id: blobId,
        uploaded_by: badc.id,
      })
      .execute();
    expect((await ctx.request(`/api/admin/accounts/${badc.id}`, { method: 'DELETE', agent: admin })).status).toBe(204);
    const file = await ctx.db
      .selectFrom('application_files')
      .select('uploaded_by')
      .where('application_id', '=', appId)
      .executeTakeFirst();
    expect(file).toEqual({ uploaded_by: null });
  });

  it('answers 404 for an unknown account and 400 for an unknown role', async () => {
    const admin = await signInAs(ctx, 'Admin');
    const other = await createStaffUser(ctx, 'UNO');
    expect(
      (await ctx.request('/api/admin/accounts/999999/role', { method: 'PUT', json: { role: 'UNO' }, agent: admin }))
        .status,
    ).toBe(404);
    const bad = await ctx.request(`/api/admin/accounts/${other.id}/role`, {
      method: 'PUT',
      json: { role: 'King' },
      agent: admin,
    });
    expect(bad.status).toBe(400);
    expect((await problemOf(bad)).code).toBe('VALIDATION');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDetail, ArchiveFile, ContentImage, Notice, ServicePage } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { pdfBytes, pngBytes, requiredFiles, submitComplete } from '../../modules/applications/intake-fixtures.js';
import { submitService } from '../../modules/services/services-fixtures.js';

/**
 * How every stored file is served (serve-file.ts, docs/decisions/013): personal files are never
 * kept by a cache (no-store), PDFs are always downloads with a sandboxing CSP and nosniff, and the
 * public site's files stay cacheable.
 */
let ctx: TestContext;
let admin: StaffAgent;
let badc: StaffAgent;
let chairman: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
  badc = await signInAs(ctx, 'BADC');
  chairman = await signInAs(ctx, 'Chairman');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const SANDBOX = "sandbox; default-src 'none'";

function headersOf(res: Response) {
  return {
    status: res.status,
    cache: res.headers.get('cache-control'),
    disposition: res.headers.get('content-disposition'),
    csp: res.headers.get('content-security-policy'),
    nosniff: res.headers.get('x-content-type-options'),
  };
}

function upload(url: string, bytes: Uint8Array, type: string, method = 'POST') {
  return ctx.request(url, {
    method,
    agent: admin,
    headers: { 'content-type': type },
    body: bytes as Uint8Array<ArrayBuffer>,
  });
}

describe("personal files: applicants' documents and photos, officers' reports, requests' files", () => {
  it('are never stored by a cache, so nothing stays on an office computer after sign-out', async () => {
    const files = requiredFiles(40);
    const { id } = await submitComplete(ctx, files);
    const detail = (await (
      await ctx.request(`/api/staff/applications/${id}`, { agent: chairman })
    ).json()) as ApplicationDetail;
    const pdf = detail.files.find((f) => f.mime === 'application/pdf')!;
    const image = detail.files.find((f) => f.mime !== 'application/pdf')!;

    expect(headersOf(await ctx.request(pdf.url, { agent: chairman }))).toEqual({
      status: 200,
      cache: 'private, no-store',
      disposition: `attachment; filename="${pdf.slot}.pdf"`,
      csp: SANDBOX,
      nosniff: 'nosniff',
    });
    expect(headersOf(await ctx.request(image.url, { agent: chairman }))).toMatchObject({
      status: 200,
      cache: 'private, no-store',
      disposition: expect.stringMatching(/^inline;/) as unknown,
      csp: SANDBOX,
    });
    // The print page's photo, opened by the id holder.
    expect(headersOf(await ctx.request(`/api/applications/${id}/photo`))).toMatchObject({
      status: 200,
      cache: 'private, no-store',
      csp: SANDBOX,
      nosniff: 'nosniff',
    });

    const request = await submitService(ctx, 'complaint', { seed: 41 });
    const page = (await (
      await ctx.request('/api/services/complaints?pageSize=500', { agent: badc })
    ).json()) as ServicePage;
    const serviceFile = page.rows.find((r) => r.id === request.id)!.files[0]!;
    expect(headersOf(await ctx.request(`/api/services/files/${serviceFile.id}`, { agent: badc }))).toMatchObject({
      status: 200,
      cache: 'private, no-store',
      csp: SANDBOX,
    });
  });

  it('include Private archive files opened in the back office', async () => {
    const file = (await (
      await upload('/api/admin/archive?name=secret&visibility=Private', pdfBytes(42), 'application/pdf')
    ).json()) as ArchiveFile;
    expect(headersOf(await ctx.request(`/api/admin/archive/${file.id}/file`, { agent: admin }))).toEqual({
      status: 200,
      cache: 'private, no-store',
      disposition: 'attachment; filename="secret.pdf"',
      csp: SANDBOX,
      nosniff: 'nosniff',
    });
  });
});

describe("the public site's files", () => {
  it('serve a PDF download or notice file as an attachment in a sandbox, never inline in the viewer', async () => {
    const name = 'আবেদন ফরম';
    const download = (await (
      await upload(
        `/api/admin/archive?name=${encodeURIComponent(name)}&visibility=Public`,
        pdfBytes(43),
        'application/pdf',
      )
    ).json()) as ArchiveFile;
    expect(headersOf(await ctx.request(`/api/public/downloads/${download.id}`))).toEqual({
      status: 200,
      cache: 'public, max-age=3600',
      disposition: `attachment; filename="_____ ___.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`,
      csp: SANDBOX,
      nosniff: 'nosniff',
    });

    const notice = (await (
      await ctx.request('/api/admin/notices', { method: 'POST', agent: admin, json: { title: 'সভা' } })
    ).json()) as Notice;
    expect((await upload(`/api/admin/notices/${notice.id}/file`, pdfBytes(44), 'application/pdf', 'PUT')).status).toBe(
      200,
    );
    expect(headersOf(await ctx.request(`/api/public/notices/${notice.id}/file`))).toEqual({
      status: 200,
      cache: 'public, max-age=3600',
      disposition: 'attachment; filename="notice.pdf"',
      csp: SANDBOX,
      nosniff: 'nosniff',
    });
  });

  it('show a notice picture inline and keep gallery images cacheable for a year', async () => {
    const notice = (await (
      await ctx.request('/api/admin/notices', { method: 'POST', agent: admin, json: { title: 'ছবি' } })
    ).json()) as Notice;
    await upload(`/api/admin/notices/${notice.id}/file`, pngBytes(45, 8), 'image/png', 'PUT');
    expect(headersOf(await ctx.request(`/api/public/notices/${notice.id}/file`))).toMatchObject({
      status: 200,
      disposition: 'inline; filename="notice.png"',
      csp: SANDBOX,
    });

    const image = (await (
      await upload('/api/admin/galleries/gallery', pngBytes(46, 8), 'image/png')
    ).json()) as ContentImage;
    expect(headersOf(await ctx.request(`/api/public/images/${image.id}?size=thumb`))).toMatchObject({
      status: 200,
      cache: 'public, max-age=31536000, immutable',
      csp: SANDBOX,
      nosniff: 'nosniff',
    });
  });
});

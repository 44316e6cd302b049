import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import type { ContentImage } from '@portal/shared/schemas/content';
import type { AdminContentImage } from '@portal/shared/schemas/geo-items';
import { createTestContext, type TestContext } from '../../../../../server/src/test/harness';
import { signInAs, type StaffAgent } from '../../../../../server/src/test/roles';
import { Toaster } from '../../../components/Toast';
import { LocaleProvider } from '../../../i18n/locale';
import { newId } from '../../../offline/ids';
import { GeoDatabaseAdmin } from './GalleryAdmin';

/**
 * The Admin's GEO database screen (docs/decisions/034-geo-database-map.md) against the real API
 * in-process: the place typed with an upload, the place read from a photo's GPS, and the dialog
 * that checks a place before it sends it.
 *
 * One exception: the upload itself cannot run in-process here. Under jsdom the global Uint8Array
 * is not Node's, so the server's type sniffing (file-type) refuses every body it reads. The upload
 * is therefore answered by `uploadAnswer` as the server answers it (server/src/modules/content/
 * geo-items.test.ts runs the real thing, EXIF included); the list and the place changes are real.
 */
let ctx: TestContext;
let admin: StaffAgent;
const sent: { method: string; path: string; body?: unknown }[] = [];
let uploadAnswer: AdminContentImage | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
}, 120_000);
afterAll(() => ctx.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sent.length = 0;
  uploadAnswer = null;
});

function serveFromRealApi() {
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (method !== 'GET') {
      sent.push({ method, path, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    }
    if (method === 'POST' && uploadAnswer) {
      // Stored for real (without the upload's pixels), so the list that follows holds it too.
      await storedItem(uploadAnswer);
      return Response.json(uploadAnswer, { status: 201 });
    }
    return ctx.request(path, { ...init, agent: admin });
  });
}

/** The file the Admin picks (its bytes are never decoded here; see above). */
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'field.jpg', { type: 'image/jpeg' });

/** A GEO item as the upload stores it: its row and a blob (migrations 20261121-10 and 20261124-05). */
async function storedItem(item: Partial<AdminContentImage> = {}): Promise<AdminContentImage> {
  const image: AdminContentImage = {
    id: newId(),
    gallery: 'geo',
    width: 200,
    height: 150,
    createdAt: new Date().toISOString(),
    latitude: null,
    longitude: null,
    positionSource: null,
    ...item,
  };
  const blobId = newId();
  // The bytes as SQL: under jsdom a Buffer parameter is not the Uint8Array the database driver knows.
  await sql`INSERT INTO blobs (id, bytes, mime, size, sha256)
    VALUES (${blobId}, decode('ffd8ffd9', 'hex'), 'image/jpeg', 4, ${crypto.randomBytes(32).toString('hex')})`.execute(
    ctx.db,
  );
  await ctx.db
    .insertInto('content_images')
    .values({
      id: image.id,
      gallery: 'geo',
      blob_id: blobId,
      width: image.width,
      height: image.height,
      created_at: new Date(image.createdAt),
      latitude: image.latitude ?? null,
      longitude: image.longitude ?? null,
      position_source: image.positionSource,
    })
    .execute();
  return image;
}

function open() {
  serveFromRealApi();
  render(
    <LocaleProvider>
      <GeoDatabaseAdmin />
      <Toaster />
    </LocaleProvider>,
  );
}
const field = (prefix: string, k: 'latitude' | 'longitude') =>
  document.getElementById(`${prefix}-${k}`) as HTMLInputElement;
const card = (n: string) => screen.getByAltText(bn['content.gallery.imageAlt'].replace('{n}', n)).closest('li')!;

describe('uploading a GEO item with its place', () => {
  it('sends a typed place with the picture, and checks it first', async () => {
    uploadAnswer = {
      id: newId(),
      gallery: 'geo',
      width: 200,
      height: 150,
      createdAt: new Date().toISOString(),
      latitude: 24.7012,
      longitude: 88.1705,
      positionSource: 'typed',
    };
    open();
    fireEvent.change(screen.getByLabelText(bn['content.gallery.file']), { target: { files: [photo()] } });
    fireEvent.change(field('geo-upload', 'latitude'), { target: { value: '২৪.৭০১২' } });
    fireEvent.click(screen.getByRole('button', { name: bn['content.gallery.upload'] }));
    // Half a place is refused on the screen; nothing is sent.
    expect(await screen.findByText(bn['geoItems.v.bothOrNone'])).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(field('geo-upload', 'longitude'), { target: { value: '৮৮.১৭০৫' } });
    fireEvent.click(screen.getByRole('button', { name: bn['content.gallery.upload'] }));
    expect(await screen.findByText(bn['content.gallery.uploaded'])).toBeTruthy();
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/galleries/geo?latitude=24.7012&longitude=88.1705',
    });
    expect(within(card('১')).getByText('স্থান: ২৪.৭০১২, ৮৮.১৭০৫')).toBeTruthy();
    // The boxes are empty again for the next picture.
    expect(field('geo-upload', 'latitude').value).toBe('');
  });

  it("says so when the server took the place from the photo's GPS", async () => {
    uploadAnswer = {
      id: newId(),
      gallery: 'geo',
      width: 200,
      height: 150,
      createdAt: new Date().toISOString(),
      latitude: 24.7,
      longitude: 88.17,
      positionSource: 'exif',
    };
    open();
    fireEvent.change(screen.getByLabelText(bn['content.gallery.file']), { target: { files: [photo()] } });
    fireEvent.click(screen.getByRole('button', { name: bn['content.gallery.upload'] }));
    const told = bn['geoItems.uploaded.exif'].replace('{lat}', '২৪.৭').replace('{lng}', '৮৮.১৭');
    expect(await screen.findByText(told)).toBeTruthy();
    expect(sent[0]!.path).toBe('/api/admin/galleries/geo');
  });
});

describe("the dialog that changes a GEO item's place", () => {
  it('refuses a place outside Bangladesh and half a place, then sends a good one and shows it', async () => {
    const item = await storedItem();
    open();
    const add = await screen.findByRole('button', {
      name: `${bn['geoItems.card.add']}: ${bn['content.gallery.imageAlt'].replace('{n}', '১')}`,
    });
    expect(within(card('১')).getByText(bn['geoItems.card.none'])).toBeTruthy();
    fireEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: bn['geoItems.dialog.title'] });

    fireEvent.change(field('geo-edit', 'latitude'), { target: { value: '51.5' } });
    fireEvent.change(field('geo-edit', 'longitude'), { target: { value: '-0.12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: bn['geoItems.dialog.save'] }));
    expect(await within(dialog).findByText(bn['problem.GEO_OUTSIDE_BANGLADESH'])).toBeTruthy();
    fireEvent.change(field('geo-edit', 'longitude'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: bn['geoItems.dialog.save'] }));
    expect(await within(dialog).findByText(bn['geoItems.v.bothOrNone'])).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(field('geo-edit', 'latitude'), { target: { value: '২৪.৬৯৩' } });
    fireEvent.change(field('geo-edit', 'longitude'), { target: { value: '৮৮.১৬৬' } });
    fireEvent.click(within(dialog).getByRole('button', { name: bn['geoItems.dialog.save'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { method: 'PATCH', path: `/api/admin/images/${item.id}/position`, body: { latitude: 24.693, longitude: 88.166 } },
    ]);
    expect(within(card('১')).getByText('স্থান: ২৪.৬৯৩, ৮৮.১৬৬')).toBeTruthy();
    const listed = (await (await ctx.request('/api/public/galleries/geo')).json()) as ContentImage[];
    expect(listed.find((i) => i.id === item.id)).toMatchObject({ latitude: 24.693, longitude: 88.166 });
  });

  it('clears a place', async () => {
    const item = await storedItem({ latitude: 24.71, longitude: 88.18, positionSource: 'exif' });
    open();
    fireEvent.click(
      await screen.findByRole('button', {
        name: `${bn['geoItems.card.edit']}: ${bn['content.gallery.imageAlt'].replace('{n}', '১')}`,
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: bn['geoItems.dialog.title'] });
    // The stored place is in the boxes.
    expect(field('geo-edit', 'latitude').value).toBe('24.71');
    fireEvent.click(within(dialog).getByRole('button', { name: bn['geoItems.dialog.clear'] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { method: 'PATCH', path: `/api/admin/images/${item.id}/position`, body: { latitude: null, longitude: null } },
    ]);
    expect(within(card('১')).getByText(bn['geoItems.card.none'])).toBeTruthy();
  });
});

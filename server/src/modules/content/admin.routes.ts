import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Transaction } from 'kysely';
import {
  archiveFileListSchema,
  archiveFileSchema,
  archiveUploadQuerySchema,
  gallerySchema,
  noticeInputSchema,
  noticeSchema,
  noticeSmsInputSchema,
  noticeSmsResultSchema,
  pageInputSchema,
  pageSchema,
  pageSlugSchema,
  videoGalleryInputSchema,
  videoGallerySchema,
} from '@portal/shared';
import {
  adminContentImageSchema,
  geoPositionInputSchema,
  geoUploadQuerySchema,
} from '@portal/shared/schemas/geo-items';
import type { DB } from '../../platform/db/schema.js';
import type { AppDeps, AppEnv } from '../../platform/http/env.js';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { UPLOAD_BODY } from '../../platform/http/upload.js';
import { makeVariants } from '../../platform/images/resize.js';
import { deleteImage, insertImage } from './images.repository.js';
import { sliderChanged } from './home-page-html.js';
import { geoPlace, setGeoItemPosition } from './geo-position.js';
import { deleteArchiveFile, insertArchiveFile, listArchiveFiles, readArchiveFile } from './archive.repository.js';
import { attachNoticeFile, deleteNotice, findNotice, insertNotice } from './notices.repository.js';
import { putPage, putVideoGallery } from './pages.repository.js';
import { sanitizeRichText } from './rich-text.js';
import { sendNoticeSms } from './notice-sms.js';
import { readContentUpload } from './uploads.js';
import { storedFileResponse } from '../../platform/files/serve-file.js';
import { actorOf, type StaffActor } from '../audit/audit.repository.js';
import { requestOfficeUrl } from '../offices/office-url.js';
import { json, jsonBody } from '../../platform/http/openapi-shapes.js';

const idParam = z.object({ id: z.string() });
const deleted = { 204: { description: 'Deleted' } };

/**
 * The Admin's tools for the public site (spec 2 §2 Website Setting and Pages groups). Writes are
 * Admin-only; the file archive is also BADC's (spec 2 §6). The guard runs before any upload is read.
 */
export function adminContentRoutes() {
  const app = createRouter();
  const adminOnly = requirePermission('content.manage');
  const archivists = requirePermission('archive.manage');

  /**
   * DELETE path/{id}: removes one row (and its files) in a transaction, the remover writing its
   * audit row in it (docs/decisions/041-audit-trail.md); 404 when there was none. `removed` runs
   * once the transaction has committed.
   */
  const deleteById = (
    path: string,
    summary: string,
    middleware: MiddlewareHandler<AppEnv>,
    remove: (trx: Transaction<DB>, id: string, by: StaffActor, now: Date) => Promise<boolean>,
    removed?: (db: AppDeps['db']) => void,
  ) =>
    app.openapi(
      createRoute({
        method: 'delete',
        path,
        summary,
        middleware,
        request: { params: idParam },
        responses: deleted,
        ...problems('NOT_FOUND'),
      }),
      async (c) => {
        const { id } = c.req.valid('param');
        const { db, now } = c.get('deps');
        const by = actorOf(staffOf(c));
        const gone = await db.transaction().execute((trx) => remove(trx, id, by, now()));
        if (!gone) throw new Problem('NOT_FOUND');
        removed?.(db);
        return c.body(null, 204);
      },
    );

  // ---- Slider, photo gallery, GEO database ----
  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/galleries/{gallery}',
      middleware: adminOnly,
      summary:
        'Upload one image (raw bytes; JPEG, PNG or WebP; 1,500,000 bytes at most); a GEO item may take ?latitude=&longitude=',
      request: { params: z.object({ gallery: gallerySchema }), query: geoUploadQuerySchema, body: UPLOAD_BODY },
      responses: { 201: json(adminContentImageSchema, 'Stored with its resized versions') },
      // geo-position.ts: a typed or photographed place outside Bangladesh.
      ...problems('FILE_MUST_BE_IMAGE', 'GEO_OUTSIDE_BANGLADESH'),
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const me = staffOf(c);
      const { gallery } = c.req.valid('param');
      // The typed place is judged before the upload is read: a refused one costs no decoding.
      const typed = geoPlace(gallery, c.req.valid('query'));
      const { bytes, mime, exifPosition } = await readContentUpload(c, {
        imagesOnly: true,
        readPosition: gallery === 'geo' && !typed,
      });
      const position = typed ?? (exifPosition && { ...exifPosition, source: 'exif' as const });
      const resized = await makeVariants(bytes); // outside the transaction: it is the slow part
      const image = await db
        .transaction()
        .execute((trx) => insertImage(trx, { gallery, bytes, mime, resized, position, by: actorOf(me), now: now() }));
      // After the commit: the home page's HTML names the first slide (docs/decisions/043-first-paint-html-and-fonts.md).
      if (gallery === 'slider') sliderChanged(db);
      return c.json(image, 201);
    },
  );

  // Any image: cheaper than asking which gallery it was in, and the home page re-renders once.
  deleteById(
    '/admin/images/{id}',
    'Delete a gallery image with its versions; audited',
    adminOnly,
    deleteImage,
    sliderChanged,
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/images/{id}/position',
      middleware: adminOnly,
      summary: "Set or clear a GEO item's place (both null clears it); audited",
      request: { params: idParam, ...jsonBody(geoPositionInputSchema) },
      responses: { 200: json(adminContentImageSchema, 'The item with its place') },
      ...problems('NOT_FOUND', 'GEO_OUTSIDE_BANGLADESH'),
    }),
    async (c) => {
      const image = await setGeoItemPosition(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json(image, 200);
    },
  );

  // ---- File archive (Admin and BADC) ----
  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/archive',
      summary: 'Every file of the archive, Private ones too, newest first (Admin, BADC)',
      middleware: archivists,
      responses: { 200: json(archiveFileListSchema, 'Every archive file, Private ones too, newest first') },
    }),
    async (c) => c.json(await listArchiveFiles(c.get('deps').db, { publicOnly: false }), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/archive',
      middleware: archivists,
      summary: 'Upload a file (raw bytes; PDF or image) with ?name=…&visibility=Public|Private',
      request: { query: archiveUploadQuerySchema, body: UPLOAD_BODY },
      responses: { 201: json(archiveFileSchema, 'Stored') },
      ...problems('PDF_UNREADABLE'),
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const me = staffOf(c);
      const { name, visibility } = c.req.valid('query');
      const { bytes, mime } = await readContentUpload(c, { imagesOnly: false });
      const file = await db
        .transaction()
        .execute((trx) => insertArchiveFile(trx, { name, visibility, bytes, mime, by: actorOf(me), now: now() }));
      return c.json(file, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/archive/{id}/file',
      summary: 'One archive file, Private too (Admin, BADC)',
      middleware: archivists,
      request: { params: idParam, query: z.object({ download: z.enum(['0', '1']).optional() }) },
      responses: { 200: { description: 'The file; ?download=1 as an attachment' } },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const file = await readArchiveFile(c.get('deps').db, c.req.valid('param').id, { publicOnly: false });
      if (!file) throw new Problem('NOT_FOUND');
      return storedFileResponse(c, file, {
        cache: 'personal',
        name: file.name,
        download: c.req.valid('query').download === '1',
      });
    },
  );

  deleteById('/admin/archive/{id}', 'Delete an archive file; audited (Admin, BADC)', archivists, deleteArchiveFile);

  // ---- Notices ----
  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/notices',
      summary: 'Publish a notice; its description is sanitised',
      middleware: adminOnly,
      request: jsonBody(noticeInputSchema),
      responses: { 201: json(noticeSchema, 'Published; the description as stored (sanitised)') },
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const input = c.req.valid('json');
      const notice = await insertNotice(db, {
        title: input.title,
        descriptionHtml: sanitizeRichText(input.descriptionHtml),
        by: actorOf(staffOf(c)),
        now: now(),
      });
      return c.json(notice, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/admin/notices/{id}/file',
      middleware: adminOnly,
      summary: "Set the notice's file (raw bytes; PDF or image)",
      request: { params: idParam, body: UPLOAD_BODY },
      responses: { 200: json(noticeSchema, 'The notice with its file') },
      ...problems('NOT_FOUND', 'PDF_UNREADABLE'),
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const { id } = c.req.valid('param');
      if (!(await findNotice(db, id))) throw new Problem('NOT_FOUND');
      const file = await readContentUpload(c, { imagesOnly: false });
      const by = actorOf(staffOf(c));
      const notice = await db.transaction().execute((trx) => attachNoticeFile(trx, id, file, by, now()));
      if (!notice) throw new Problem('NOT_FOUND');
      return c.json(notice, 200);
    },
  );

  deleteById('/admin/notices/{id}', 'Delete a notice with its file; audited', adminOnly, deleteNotice);

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/notices/{id}/sms',
      middleware: adminOnly,
      summary: 'Queue the notice announcement to a comma-separated list of mobiles',
      request: { params: idParam, ...jsonBody(noticeSmsInputSchema) },
      responses: { 200: json(noticeSmsResultSchema, 'How many numbers were queued') },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const deps = c.get('deps');
      const notice = await findNotice(deps.db, c.req.valid('param').id);
      if (!notice) throw new Problem('NOT_FOUND');
      const queued = await sendNoticeSms(deps, requestOfficeUrl(c), staffOf(c), notice, c.req.valid('json').mobiles);
      return c.json({ queued }, 200);
    },
  );

  // ---- Pages and the video gallery ----
  app.openapi(
    createRoute({
      method: 'put',
      path: '/admin/pages/{slug}',
      summary: 'Save a page of the site; its HTML is sanitised',
      middleware: adminOnly,
      request: { params: z.object({ slug: pageSlugSchema }), ...jsonBody(pageInputSchema) },
      responses: { 200: json(pageSchema, 'The page as stored (sanitised)') },
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const input = c.req.valid('json');
      const page = await putPage(db, c.req.valid('param').slug, {
        title: input.title,
        html: sanitizeRichText(input.html),
        by: actorOf(staffOf(c)),
        now: now(),
      });
      return c.json(page, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/admin/videos',
      summary: 'Save the six slots of the video gallery',
      middleware: adminOnly,
      request: jsonBody(videoGalleryInputSchema),
      responses: { 200: json(videoGallerySchema, 'The six slots as stored') },
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const gallery = await putVideoGallery(db, c.req.valid('json').urls, { by: actorOf(staffOf(c)), now: now() });
      return c.json(gallery, 200);
    },
  );

  return app;
}

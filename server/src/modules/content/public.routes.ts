import { createRoute, z } from '@hono/zod-openapi';
import {
  contentImageListSchema,
  gallerySchema,
  IMAGE_SIZES,
  noticeListSchema,
  pageSchema,
  pageSlugSchema,
  publicDownloadListSchema,
  videoGallerySchema,
} from '@portal/shared';
import { createRouter } from '../../platform/http/router.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { listImages, readImage } from './images.repository.js';
import { listNotices, readNoticeFile } from './notices.repository.js';
import { getPage, getVideoGallery } from './pages.repository.js';
import { listArchiveFiles, readArchiveFile } from './archive.repository.js';
import { storedFileResponse } from '../../platform/files/serve-file.js';
import { json } from '../../platform/http/openapi-shapes.js';

const idParam = z.object({ id: z.string() });

/** What any visitor reads (spec 1 §2 public pages; spec 1 §7 "GET /gallery, /slider, /notices, … none"). */
export function publicContentRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/galleries/{gallery}',
      summary: 'One gallery (slider, photos, GEO database), newest first',
      request: { params: z.object({ gallery: gallerySchema }) },
      responses: { 200: json(contentImageListSchema, 'The gallery, newest first') },
    }),
    async (c) => c.json(await listImages(c.get('deps').db, c.req.valid('param').gallery), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/images/{id}',
      summary: 'A gallery image: thumb (~400 px WebP), phone (~800 px WebP) or full (the upload)',
      request: { params: idParam, query: z.object({ size: z.enum(IMAGE_SIZES).default('full') }) },
      responses: { 200: { description: 'Image bytes, cached for a year' } },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const image = await readImage(c.get('deps').db, c.req.valid('param').id, c.req.valid('query').size);
      if (!image) throw new Problem('NOT_FOUND');
      return storedFileResponse(c, image, { cache: 'publicImmutable', name: 'image' });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/notices',
      summary: 'The notices, newest first',
      responses: { 200: json(noticeListSchema, 'Notices, newest first; descriptions already sanitised') },
    }),
    async (c) => c.json(await listNotices(c.get('deps').db), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/notices/{id}/file',
      summary: "A notice's file",
      request: { params: idParam },
      responses: { 200: { description: "The notice's file (a PDF as a download, decision 013)" } },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const file = await readNoticeFile(c.get('deps').db, c.req.valid('param').id);
      if (!file) throw new Problem('NOT_FOUND');
      return storedFileResponse(c, file, { cache: 'publicHour', name: 'notice' });
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/pages/{slug}',
      summary: 'One page of the site (about, citizen charter, …): title and sanitised HTML',
      request: { params: z.object({ slug: pageSlugSchema }) },
      responses: { 200: json(pageSchema, 'Title and sanitised HTML') },
    }),
    async (c) => c.json(await getPage(c.get('deps').db, c.req.valid('param').slug), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/videos',
      summary: 'The video gallery: six slots, each a YouTube video or empty',
      responses: { 200: json(videoGallerySchema, 'Six slots, each a YouTube video or empty') },
    }),
    async (c) => c.json(await getVideoGallery(c.get('deps').db), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/downloads',
      summary: 'The Public files of the archive (the downloads page), newest first',
      responses: { 200: json(publicDownloadListSchema, 'Public archive files only, newest first') },
    }),
    async (c) => {
      const files = await listArchiveFiles(c.get('deps').db, { publicOnly: true });
      return c.json(
        files.map(({ id, name, mime, createdAt }) => ({ id, name, mime, createdAt })),
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/public/downloads/{id}',
      summary: 'A Public archive file; a Private one answers 404 exactly like a missing one',
      request: { params: idParam },
      responses: { 200: { description: 'The file (a PDF as a download, decision 013)' } },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const file = await readArchiveFile(c.get('deps').db, c.req.valid('param').id, { publicOnly: true });
      if (!file) throw new Problem('NOT_FOUND');
      return storedFileResponse(c, file, { cache: 'publicHour', name: file.name });
    },
  );

  return app;
}

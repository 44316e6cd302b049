/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Chunks a citizen never needs go to their own folders so the service worker does not
 * precache them on every phone: the map (Leaflet), licence printing (QR code, PDF) and the
 * staff panel. An officer's phone caches them at run time once visited (runtimeCaching below).
 */
const STAFF_MODULES = /\/src\/(routes\/staff|features\/(review|staff|live-map|field-pack))\//;
// Message files that no citizen page shows (the staff panel fetches every file, src/i18n/messages.ts).
const STAFF_MESSAGES =
  /\/shared\/src\/i18n\/(bn|en)\/(audit|decisions|fieldPack|fieldVisit|oldRecords|register|registerEdit|resolutions|review|sms|tiles|visits)\.ts$/;
function chunkFolder({
  moduleIds,
  facadeModuleId,
}: {
  moduleIds: readonly string[];
  facadeModuleId: string | null;
}): string {
  if (moduleIds.some((id) => /node_modules\/(leaflet|react-leaflet|supercluster|kdbush)\//.test(id))) return 'map/';
  if (moduleIds.some((id) => /node_modules\/(qrcode|pdf-lib)\/|\/src\/features\/licence\//.test(id))) return 'licence/';
  if (facadeModuleId && STAFF_MODULES.test(facadeModuleId)) return 'staff/';
  if (moduleIds.length > 0 && moduleIds.every((id) => STAFF_MESSAGES.test(id))) return 'staff/';
  const own = moduleIds.filter((id) => id.includes('/client/src/'));
  if (own.length > 0 && own.every((id) => STAFF_MODULES.test(id))) return 'staff/';
  return '';
}

/**
 * The PWA build. The service worker precaches the shell, the application form and its fonts
 * (not the staff, map or PDF chunks) so the form opens with no connection after one visit.
 * It registers itself from src/pwa.ts (injectRegister: false) so that a new version takes over
 * only when no upload is running (docs/decisions/018-service-targets.md).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'সেচ নলকূপ লাইসেন্স পোর্টাল',
        short_name: 'সেচ লাইসেন্স',
        description: 'উপজেলা সেচ নলকূপ লাইসেন্সের আবেদন, অবস্থা জানা ও লাইসেন্স প্রিন্ট',
        lang: 'bn',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#166534',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}'],
        globIgnores: ['assets/staff/**', 'assets/licence/**', 'assets/map/**', '**/*.map'],
        maximumFileSizeToCacheInBytes: 3_000_000,
        runtimeCaching: [
          {
            // Hashed file names never change content: the first copy fetched is good for ever.
            urlPattern: ({ url }) => /^\/assets\/(staff|licence|map)\//.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'portal-chunks', expiration: { maxEntries: 200 } },
          },
          {
            // Map tiles of any source the Admin sets ({z}/{x}/{y} images, docs/decisions/029-map-picker-and-live-map.md):
            // kept as they are visited, never precached. The cached tile shows at once (offline too),
            // and a fresh copy is fetched through the browser's HTTP cache, which honours the tile
            // server's Cache-Control. Tiles are fetched with CORS (crossOrigin on every TileLayer), so
            // only real 200 answers are kept, never opaque ones that weigh megabytes in the quota.
            urlPattern: ({ url, request }) =>
              request.destination === 'image' &&
              !url.pathname.startsWith('/api/') &&
              /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp|avif)$/.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'map-tiles',
              expiration: { maxEntries: 3000, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  // The portal's own tile archive is served beside the API (docs/decisions/033-tile-archive.md).
  server: { proxy: { '/api': 'http://localhost:3000', '/tiles': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/check-first-paint-js.mjs, the first-paint budget check of .ci/run.
    manifest: true,
    sourcemap: false,
    rolldownOptions: {
      output: { chunkFileNames: (chunk) => `assets/${chunkFolder(chunk)}[name]-[hash].js` },
    },
  },
  // The server's build of the first screens (src/entry-server.tsx, docs/decisions/046): React and
  // the router are bundled in, in their production builds, whatever NODE_ENV the server runs with;
  // a development React would be slower and would write component stacks, with the server's file
  // paths, into the HTML it hands to the public.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
}));

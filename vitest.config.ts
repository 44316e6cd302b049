import { defineConfig } from 'vitest/config';

/**
 * Three test tiers (docs/decisions/018-service-targets.md habit 9): shared and client units, server on
 * a real database. Every test database is copied from one migrated template per run (globalSetup,
 * docs/decisions/049-test-databases.md); staff passwords are hashed at a cheap cost in tests (setup).
 */
const databaseTests = {
  globalSetup: ['server/src/test/global-setup.ts'],
  setupFiles: ['server/src/test/setup.ts'],
};

/** The client's tests run in jsdom; some run the real API in-process (field packs, old records). */
const client = {
  include: ['client/src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  ...databaseTests,
  setupFiles: ['client/src/test-setup.ts', ...databaseTests.setupFiles],
  // On a loaded 2-core box one step of the in-process API tests can pass the 5 s default.
  testTimeout: 20_000,
} as const;
const MODULE_MOCKS = [
  'client/src/features/intake/KindForm.offlineChecks.test.tsx',
  'client/src/routes/public/GeoDb.chunkFailure.test.tsx',
];

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine. The
    // tests wait on the database and on the file system often enough that two workers keep both
    // cores busy (docs/BENCHMARKS.md, "The test suite").
    // `npm test` asks for one (TEST_WORKERS) while the browser scenarios run beside (scripts/run-tests.mjs).
    maxWorkers: Number(process.env.TEST_WORKERS ?? 2),
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          isolate: false,
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...databaseTests,
          // Every answer a server test receives must be in /api/openapi.json (docs/decisions/052).
          setupFiles: [...databaseTests.setupFiles, 'server/src/test/answers-setup.ts'],
        },
      },
      {
        test: {
          ...client,
          name: 'client',
          // One module graph per worker, not per file: it halves the tier (docs/decisions/049). Each
          // file starts from a clean browser state instead (client/src/test-setup.ts).
          isolate: false,
          exclude: MODULE_MOCKS,
        },
      },
      // Files that replace a module (vi.mock) need modules of their own.
      { test: { ...client, name: 'client-mocks', include: MODULE_MOCKS } },
    ],
  },
});

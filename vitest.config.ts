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

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one worker on the 2-core CI machine. The
    // tests wait on the database and on the file system often enough that two workers keep both
    // cores busy (docs/BENCHMARKS.md, "The test suite").
    maxWorkers: 2,
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
        },
      },
      {
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          ...databaseTests,
          setupFiles: ['client/src/test-setup.ts', ...databaseTests.setupFiles],
          // Some client tests run the real API in-process (field packs, old records, resolutions):
          // on a loaded 2-core box one of their steps can pass the 5 s default.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

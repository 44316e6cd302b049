import { defineConfig } from 'vitest/config';

/** Three test tiers (docs/decisions/018-service-targets.md habit 9): shared and client units, server on a real database. */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', include: ['shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['client/src/test-setup.ts'],
          // Some client tests run the real API in-process (field packs, old records, resolutions):
          // on a loaded 2-core box one of their steps can pass the 5 s default.
          testTimeout: 20_000,
        },
      },
    ],
  },
});

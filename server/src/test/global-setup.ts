import type { TestProject } from 'vitest/node';
import { buildTemplate } from './template.js';

/**
 * Once per test run and project: the migrated template the tests' databases are copied from
 * (docs/decisions/049-test-databases.md). TEST_DATABASE=postgres builds it on the PostgreSQL server
 * and drops the run's databases at the end; otherwise it is the PGlite data folder.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, drop } = await buildTemplate(process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite');
  project.provide('testTemplate', template);
  return drop;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { down, up } from '../../../../migrations/20261124-01-well-positions.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { insertApplication } from '../requests/request-fixtures.js';
import { positionInFields, wellPositionColumns } from './well-position.js';

/**
 * "Which position is the well's" (docs/decisions/028-map-and-siting.md): the rule itself, and the
 * migration that applied it to the applications already stored.
 */
describe('the well position rule', () => {
  it('reads a position typed with Bangla or Latin digits, and only inside Bangladesh', () => {
    expect(positionInFields({ latitude: '২৪.৭০১', longitude: ' 88.2 ' })).toEqual({
      latitude: 24.701,
      longitude: 88.2,
    });
    expect(positionInFields({ latitude: 24.7, longitude: 88.2 })).toEqual({ latitude: 24.7, longitude: 88.2 });
    expect(positionInFields({ latitude: 24.7 })).toBeNull();
    expect(positionInFields({ latitude: '24.7N', longitude: '88.2' })).toBeNull();
    // Swapped coordinates fall outside Bangladesh's box: no position rather than a dot in the sea.
    expect(positionInFields({ latitude: 88.2, longitude: 24.7 })).toBeNull();
  });

  it('lets an officer’s position replace anything, and the applicant’s only what is not an officer’s', () => {
    const fields = { latitude: 24.7, longitude: 88.2 };
    expect(wellPositionColumns(fields, 'officer', 'applicant')).toEqual({ ...fields, position_source: 'officer' });
    expect(wellPositionColumns(fields, 'applicant', 'officer')).toEqual({});
    expect(wellPositionColumns(fields, 'applicant', null)).toEqual({ ...fields, position_source: 'applicant' });
    // The applicant removing the position removes it; an officer's fields without one change nothing.
    expect(wellPositionColumns({}, 'applicant', 'applicant')).toEqual({
      latitude: null,
      longitude: null,
      position_source: null,
    });
    expect(wellPositionColumns({}, 'officer', 'officer')).toEqual({});
  });
});

describe('migration 20261124-01 on the applications already stored', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('fills the columns from BADC’s last recorded position, else from the form, and skips what is no position', async () => {
    const typed = await insertApplication(ctx, { fields: { latitude: '২৪.৭১', longitude: '৮৮.২২' } });
    const none = await insertApplication(ctx, { fields: { latitude: 'জানি না', longitude: '' } });
    const abroad = await insertApplication(ctx, { fields: { latitude: 40.7, longitude: -74 } });
    // BADC recorded a position twice; then the applicant amended the form's copy.
    const visited = await insertApplication(ctx, { fields: { latitude: 24.9, longitude: 88.9 } });
    const audit = (action: string, payload: Record<string, unknown>) =>
      ctx.db
        .insertInto('audit_log')
        .values({
          application_id: visited.id,
          actor_label: 'badc@example.org',
          action,
          details: JSON.stringify({ payload }),
          at: ctx.clock.now,
        })
        .execute();
    await audit('inspect', { latitude: 24.5, longitude: 88.5, checklist: [] });
    await audit('updateFinal', { latitude: 24.6, longitude: 88.6 });
    await audit('decideFirst', { approvable: true });

    // Migrations run as the owner, unscoped; the index is then put back as the offices migration left it.
    await down(ctx.baseDb);
    await up(ctx.baseDb);
    await sql`DROP INDEX applications_position_idx`.execute(ctx.baseDb);
    await sql`CREATE INDEX applications_position_idx ON applications (office_id, latitude, longitude) WHERE latitude IS NOT NULL`.execute(
      ctx.baseDb,
    );
    const rows = await ctx.db
      .selectFrom('applications')
      .select(['id', 'latitude', 'longitude', 'position_source'])
      .where('id', 'in', [typed.id, none.id, abroad.id, visited.id])
      .execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, { ...r, id: undefined }]));
    expect(byId[typed.id]).toMatchObject({ latitude: 24.71, longitude: 88.22, position_source: 'applicant' });
    expect(byId[none.id]).toMatchObject({ latitude: null, longitude: null, position_source: null });
    expect(byId[abroad.id]).toMatchObject({ latitude: null, longitude: null, position_source: null });
    expect(byId[visited.id]).toMatchObject({ latitude: 24.6, longitude: 88.6, position_source: 'officer' });
  });

  it('keeps latitude, longitude and whose they are together', async () => {
    const { id } = await insertApplication(ctx);
    await expect(
      ctx.db.updateTable('applications').set({ latitude: 24.7, longitude: null }).where('id', '=', id).execute(),
    ).rejects.toThrow();
  });
});

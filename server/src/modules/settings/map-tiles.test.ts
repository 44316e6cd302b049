import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bn, type ProblemBody, type PublicSettings } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { getSettings } from './settings.repository.js';

/** The map's tile source as a site setting (docs/decisions/029-map-picker-and-live-map.md). */
let ctx: TestContext;
let admin: StaffAgent;
beforeEach(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
});
afterEach(async () => {
  await ctx.close();
});

const put = (json: Record<string, unknown>) =>
  ctx.request('/api/admin/settings', { method: 'PUT', json, agent: admin });
const publicSettings = async () => (await (await ctx.request('/api/public/settings')).json()) as PublicSettings;

describe('map tile settings', () => {
  it('give every visitor OpenStreetMap’s standard tiles and credit until the Admin sets others', async () => {
    expect(await publicSettings()).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapTileAttribution: '© OpenStreetMap contributors',
    });
  });

  it('take an https address or a path on this site, and every map reads them from the public settings', async () => {
    for (const mapTileUrl of ['https://tiles.example.org/osm/{z}/{x}/{y}.png?key=abc', '/tiles/{z}/{x}/{y}.png']) {
      const res = await put({ mapTileUrl, mapTileAttribution: '© স্থানীয় মানচিত্র' });
      expect(res.status).toBe(200);
      expect(await publicSettings()).toMatchObject({ mapTileUrl, mapTileAttribution: '© স্থানীয় মানচিত্র' });
    }
  });

  it('refuse plain http, another site in disguise, a script, or an address without {z}/{x}/{y}, with a Bangla message', async () => {
    await put({ mapTileUrl: '/tiles/{z}/{x}/{y}.png' });
    for (const mapTileUrl of [
      'http://tiles.example.org/{z}/{x}/{y}.png',
      '//evil.example/{z}/{x}/{y}.png',
      'javascript:alert(1)//{z}/{x}/{y}',
      'https://tiles.example.org/{z}/{x}.png',
      'https://tiles.example.org/{z}/{x}/{y}.png" onerror="x',
      '',
    ]) {
      const res = await put({ mapTileUrl });
      expect(res.status, mapTileUrl).toBe(400);
      const problem = ((await res.json()) as ProblemBody).error;
      expect(problem.fields?.mapTileUrl).toBe(bn['map.v.tileUrl']);
    }
    expect((await getSettings(ctx.db)).mapTileUrl).toBe('/tiles/{z}/{x}/{y}.png');
  });
});

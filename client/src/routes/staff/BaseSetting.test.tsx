import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { bn } from '@portal/shared/i18n/index';
import { createTestContext, type TestContext } from '../../../../server/src/test/harness';
import { signInAs, type StaffAgent } from '../../../../server/src/test/roles';
import { getSettings } from '../../../../server/src/modules/settings/settings.repository';
import BaseSetting from './BaseSetting';

/**
 * The gateway token on Base Setting (issue 7, docs/decisions/015-abuse-limits-and-exports.md),
 * against the real API in-process: a new gateway address asks for the token again, and the Admin
 * can clear the stored token.
 */
let ctx: TestContext;
let admin: StaffAgent;
const puts: unknown[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
}, 120_000);
afterAll(() => ctx.close());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  puts.length = 0;
});

function serveFromRealApi() {
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (init.method === 'PUT' && path === '/api/admin/settings') puts.push(JSON.parse(String(init.body)));
    return ctx.request(path, { ...init, agent: admin });
  });
}

async function openWithStoredToken() {
  await ctx.request('/api/admin/settings', {
    method: 'PUT',
    json: { smsGatewayUrl: 'https://sms.example.com/api', smsToken: 'stored-token-7788', clearSmsToken: false },
    agent: admin,
  });
  serveFromRealApi();
  render(<BaseSetting />);
  await screen.findByLabelText(bn['staff.base.smsGatewayUrl']);
}

const save = () => fireEvent.click(screen.getByRole('button', { name: bn['staff.base.save'] }));

describe('Base Setting: the SMS gateway token', () => {
  it('asks for the token again when the gateway address changes, and sends nothing until then', async () => {
    await openWithStoredToken();
    fireEvent.change(screen.getByLabelText(bn['staff.base.smsGatewayUrl']), {
      target: { value: 'https://attacker.example/collect' },
    });
    save();
    expect(await screen.findByText(bn['staff.base.tokenRequiredForUrl'])).toBeTruthy();
    expect(puts).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(bn['staff.base.smsToken']), { target: { value: 'new-token-4321' } });
    save();
    await vi.waitFor(async () =>
      expect(await getSettings(ctx.db)).toMatchObject({
        smsGatewayUrl: 'https://attacker.example/collect',
        smsToken: 'new-token-4321',
      }),
    );
  });

  it('clears the stored token when the Admin ticks the box and saves', async () => {
    await openWithStoredToken();
    fireEvent.click(screen.getByLabelText(bn['staff.base.clearToken']));
    expect((screen.getByLabelText(bn['staff.base.smsToken']) as HTMLInputElement).disabled).toBe(true);
    save();
    await vi.waitFor(async () => expect((await getSettings(ctx.db)).smsToken).toBe(''));
    expect(puts[0]).toMatchObject({ clearSmsToken: true });
    expect(await screen.findByText(bn['staff.base.tokenNotSet'])).toBeTruthy();
  });
});

describe('Base Setting: whether the tile server allows offline copies (decision 033)', () => {
  it('is off until the Admin ticks it, and saves as a yes/no that field packs read', async () => {
    serveFromRealApi();
    render(<BaseSetting />);
    const box = (await screen.findByLabelText(bn['tiles.settings.packable'])) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByText(bn['tiles.settings.packableHint'])).toBeTruthy();
    fireEvent.click(box);
    save();
    await vi.waitFor(async () => expect((await getSettings(ctx.db)).mapTilesPackable).toBe(true));
    expect(puts[0]).toMatchObject({ mapTilesPackable: true });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { Me } from '@portal/shared/schemas/auth';
import { useApplicationDetail } from '../review/useApplicationDetail';
import { resetMeForTests } from '../staff/useMe';
import { fieldDb } from './db';
import { clearFieldDb, detailOf } from './test/portal';

/**
 * The detail screens' data with no signal (docs/decisions/031-field-pack.md): the pack's copy,
 * with the time it was saved; an application opened online is remembered for the same use.
 */
const me: Me = { id: 7, email: 'badc@example.org', role: 'BADC', mustChangePassword: false };
let online = true;
let served: unknown = null;

beforeEach(async () => {
  await clearFieldDb();
  localStorage.clear();
  resetMeForTests();
  online = true;
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === '/api/auth/me') return new Response(JSON.stringify(me), { status: 200 });
    if (!online) throw new TypeError('Failed to fetch');
    if (path.startsWith('/api/staff/applications/')) return new Response(JSON.stringify(served), { status: 200 });
    throw new TypeError('Failed to fetch');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useApplicationDetail', () => {
  it('with no signal shows the pack’s detail and when it was saved', async () => {
    const detail = await detailOf('app-off', 41, null, []);
    await fieldDb.details.put({ applicationId: 'app-off', officerId: 7, savedAt: '2026-11-25T03:00:00.000Z', detail });
    online = false;
    const { result } = renderHook(() => useApplicationDetail('app-off'));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const state = result.current.state as Extract<typeof result.current.state, { status: 'ready' }>;
    expect(state.detail.applicationNumber).toBe(41);
    expect(state.cachedAt).toBe('2026-11-25T03:00:00.000Z');
  });

  it('remembers an application opened online, and shows it later with no signal', async () => {
    served = await detailOf('app-on', 42, null, []);
    const first = renderHook(() => useApplicationDetail('app-on'));
    await waitFor(() => expect(first.result.current.state.status).toBe('ready'));
    await waitFor(async () => expect((await fieldDb.details.get('app-on'))?.officerId).toBe(7));
    first.unmount();

    online = false;
    const { result } = renderHook(() => useApplicationDetail('app-on'));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect((result.current.state as { cachedAt: string | null }).cachedAt).not.toBeNull();
  });

  it('never shows another officer’s copy; says the application was not kept', async () => {
    const detail = await detailOf('app-x', 43, null, []);
    await fieldDb.details.put({ applicationId: 'app-x', officerId: 99, savedAt: '2026-11-25T03:00:00.000Z', detail });
    online = false;
    const { result } = renderHook(() => useApplicationDetail('app-x'));
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    expect(result.current.state).toMatchObject({ status: 'error', notCached: true });
  });
});

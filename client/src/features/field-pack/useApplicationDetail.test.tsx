import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { useApplicationDetail } from '../review/useApplicationDetail';
import { resetMeForTests } from '../staff/useMe';
import { fieldDb } from './db';
import { applicationAtBadc, resetDevice, startFieldPortal, type FieldPortal } from './test/field-portal';

/**
 * The detail screens' data with no signal (docs/decisions/031-field-pack.md): the pack's copy,
 * with the time it was saved; an application opened online is remembered for the same use.
 * Against the real API in-process, BADC signed in on the device.
 */
let portal: FieldPortal;
/** The signal drops for the application details; the sign-in check still answers. */
const offline = () => {
  portal.offlineFrom = '/api/staff/applications/';
};

beforeAll(async () => {
  portal = await startFieldPortal({ small: [{ latitude: 23.85, longitude: 90.26 }], big: [] });
}, 120_000);
afterAll(async () => {
  await portal?.close();
});
beforeEach(async () => {
  await resetDevice(portal);
  localStorage.clear();
  resetMeForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useApplicationDetail', () => {
  it('with no signal shows the pack’s detail and when it was saved', async () => {
    const detail = await applicationAtBadc(portal, null, { seed: 41 });
    await fieldDb.details.put({
      applicationId: detail.id,
      officerId: portal.badc.id,
      savedAt: '2026-11-25T03:00:00.000Z',
      detail,
    });
    offline();
    const { result } = renderHook(() => useApplicationDetail(detail.id));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const state = result.current.state as Extract<typeof result.current.state, { status: 'ready' }>;
    expect(state.detail.applicationNumber).toBe(detail.applicationNumber);
    expect(state.cachedAt).toBe('2026-11-25T03:00:00.000Z');
  });

  it('remembers an application opened online, and shows it later with no signal', async () => {
    const { id, applicationNumber } = await applicationAtBadc(portal, null, { seed: 42 });
    const first = renderHook(() => useApplicationDetail(id));
    await waitFor(() => expect(first.result.current.state.status).toBe('ready'));
    expect(first.result.current.state).toMatchObject({ cachedAt: null });
    await waitFor(async () => expect((await fieldDb.details.get(id))?.officerId).toBe(portal.badc.id));
    first.unmount();

    offline();
    const { result } = renderHook(() => useApplicationDetail(id));
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const state = result.current.state as Extract<typeof result.current.state, { status: 'ready' }>;
    expect(state.cachedAt).not.toBeNull();
    expect(state.detail.applicationNumber).toBe(applicationNumber);
  });

  it('never shows another officer’s copy; says the application was not kept', async () => {
    const detail = await applicationAtBadc(portal, null, { seed: 43 });
    await fieldDb.details.put({
      applicationId: detail.id,
      officerId: portal.badc.id + 1000,
      savedAt: '2026-11-25T03:00:00.000Z',
      detail,
    });
    offline();
    const { result } = renderHook(() => useApplicationDetail(detail.id));
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    expect(result.current.state).toMatchObject({ status: 'error', notCached: true });
  });
});
